import { TICKER_B3, type EstadoOrdem } from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { formatInteger } from '../../../shared/format';
import type { HistoricoFiltros } from '../../api/ordens';

/**
 * The order history's state, plain: what the filter form holds, what it asks the server, what it says is wrong
 * and how many orders it has loaded. The views (HistoricoOrdens and its filters) only show it.
 */

export interface Campos {
  /** A client's id as the select holds it; '' is every client. */
  cliente: string;
  acao: string;
  estado: '' | EstadoOrdem;
  /** As typed: dd/mm/aaaa. */
  de: string;
  ate: string;
}
export const VAZIO: Campos = { cliente: '', acao: '', estado: '', de: '', ate: '' };

/** The period as the server's aaaa-mm-dd; a date still being typed is none. */
const periodo = (campos: Campos) => ({ de: isoFromBr(campos.de), ate: isoFromBr(campos.ate) });

/** A ticker being typed (not yet one): said under the field, not asked. */
export const acaoIncompleta = (campos: Campos) =>
  campos.acao.trim() !== '' && !TICKER_B3.test(campos.acao.trim().toUpperCase());

/** An end before the start: said under the field, not asked. */
export function periodoInvertido(campos: Campos): boolean {
  const { de, ate } = periodo(campos);
  return Boolean(de && ate && ate < de);
}

/**
 * What the form holds, as the server's filters: a ticker or a date still being typed, or a reversed period, is
 * left out. `clienteFixo` (the portfolio's ORDENS tab) replaces the client's field.
 */
export function filtrosDe(campos: Campos, clienteFixo: number | undefined): HistoricoFiltros {
  const acao = campos.acao.trim().toUpperCase();
  const { de, ate } = periodo(campos);
  const periodoOk = !de || !ate || de <= ate;
  return {
    ...(clienteFixo !== undefined
      ? { cliente: clienteFixo }
      : campos.cliente && { cliente: Number(campos.cliente) }),
    ...(TICKER_B3.test(acao) && { acao }),
    ...(campos.estado && { estado: campos.estado }),
    ...(periodoOk && de && { de }),
    ...(periodoOk && ate && { ate }),
  };
}

/** '2 ordens (há mais)': how many are loaded, and whether the server has more. */
export function contagem(carregadas: number, haMais: boolean, carregando: boolean): string {
  if (carregando) return 'Carregando...';
  const ordens = `${formatInteger(carregadas)} ${carregadas === 1 ? 'ordem' : 'ordens'}`;
  return haMais ? `${ordens} (há mais)` : ordens;
}

/** Whose orders, for the exported file's name: the portfolio's client, or the one filtered by. */
export function nomeDoCliente(
  campos: Campos,
  clienteFixo: { nome: string | null } | undefined,
  clientes: ReadonlyArray<{ id: number; nome: string | null }> | undefined,
): string | undefined {
  if (clienteFixo) return clienteFixo.nome ?? undefined;
  return clientes?.find((c) => String(c.id) === campos.cliente)?.nome ?? undefined;
}
