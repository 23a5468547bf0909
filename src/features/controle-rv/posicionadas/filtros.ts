import type { PosicaoPainel } from '../../../../contract';

/** The control panel's POSICIONADAS filters, plain: the choices they offer and the rows they leave. */

/** 'Todos' in a filter: no filter. */
export const TODOS = '';

const collator = new Intl.Collator('pt-BR');
/** Each value once, in Portuguese order. */
const distintos = (values: string[]) => [...new Set(values)].sort(collator.compare);

/**
 * The clients and stocks to filter by, and the positions the filters leave. Each filter offers what the other one
 * leaves (issue 34, rough edge 5): after a client, only its stocks; after a stock, only the clients holding it. A
 * choice the other filter no longer offers stays offered while it is chosen, so the select never shows a value it
 * does not list.
 */
export function filtrar(todas: PosicaoPainel[], cliente: string, acao: string) {
  const doCliente = (p: PosicaoPainel) => cliente === TODOS || p.cliente === cliente;
  const daAcao = (p: PosicaoPainel) => acao === TODOS || p.acao === acao;
  const escolhido = (valor: string) => (valor === TODOS ? [] : [valor]);
  return {
    clientes: distintos([...todas.filter(daAcao).map((p) => p.cliente), ...escolhido(cliente)]),
    acoes: distintos([...todas.filter(doCliente).map((p) => p.acao), ...escolhido(acao)]),
    linhas: todas.filter((p) => doCliente(p) && daAcao(p)),
  };
}

/** The filters in the exported file's name: posicionadas-ana-beatriz-petr4-2026-11-23.xlsx. */
export const nomeDoFiltro = (cliente: string, acao: string) =>
  [cliente, acao].filter(Boolean).join(' ') || 'todos';
