import type { PosicaoPainel } from '../../../../contract';

/** The control panel's POSICIONADAS filters, plain: the choices they offer and the rows they leave. */

/** 'Todos' in a filter: no filter. */
export const TODOS = '';

const collator = new Intl.Collator('pt-BR');
/** Each value once, in Portuguese order. */
const distintos = (values: string[]) => [...new Set(values)].sort(collator.compare);

/** The clients and stocks to filter by, and the positions the filters leave. */
export function filtrar(todas: PosicaoPainel[], cliente: string, acao: string) {
  return {
    clientes: distintos(todas.map((p) => p.cliente)),
    acoes: distintos(todas.map((p) => p.acao)),
    linhas: todas.filter(
      (p) => (cliente === TODOS || p.cliente === cliente) && (acao === TODOS || p.acao === acao),
    ),
  };
}

/** The filters in the exported file's name: posicionadas-ana-beatriz-petr4-2026-11-23.xlsx. */
export const nomeDoFiltro = (cliente: string, acao: string) =>
  [cliente, acao].filter(Boolean).join(' ') || 'todos';
