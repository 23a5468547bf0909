import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { acoesQueries } from './acoes';
import { carteiraQueries } from './carteira';
import { conciliacaoQueries } from './conciliacao';
import { cotacoesQueries } from './cotacoes';
import { irQueries } from './ir';
import { operacoesKeys } from './keys/operacoes';
import { ordensKeys } from './keys/ordens';
import { painelQueries } from './painel';
import { recomendacoesQueries } from './recomendacoes';
import { rentabilidadeQueries } from './rentabilidade';

/**
 * What a change in one domain makes stale in the others, in one place. Each mutation marks its own domain's keys
 * (the client's entry, the events, the lotes) and calls one of these for the rest; each asks for the narrowest
 * keys it can name. The domains whose hooks call this file keep their keys in ./keys/ (imported here and by
 * their hooks), so that nothing imports in a circle.
 */

const invalidateAll = (queryClient: QueryClient, keys: QueryKey[]) =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

/**
 * What a change to client X's operations (a manual write or an executed MT5 order) makes stale: X's operations,
 * its summary, its proventos (a deleted operation takes its own with it) and the recommendations it may still buy,
 * the control panel's open positions and available patrimony (which sum every client's operations), the
 * reconciliation of its book, its income tax and its returns (computed from the whole ledger) with the book's
 * month lists and returns.
 */
export function invalidateCarteira(queryClient: QueryClient, clienteId: number) {
  return invalidateAll(queryClient, [
    operacoesKeys.list({ cliente: clienteId }),
    carteiraQueries.resumo(clienteId).queryKey,
    carteiraQueries.proventos(clienteId).queryKey,
    recomendacoesQueries.disponiveis(clienteId).queryKey,
    painelQueries.posicionadas().queryKey,
    painelQueries.patrimonioDisponivel().queryKey,
    conciliacaoQueries.list().queryKey,
    conciliacaoQueries.detail(clienteId).queryKey,
    irQueries.cliente(clienteId),
    irQueries.livros(),
    rentabilidadeQueries.cliente(clienteId),
    rentabilidadeQueries.livros(),
  ]);
}

/**
 * Orders that ended (executed, failed, canceled, resolved), once per order, whoever saw them end (an order's
 * status in ordens.ts, a lote's in lotes.ts): what filled was recorded in each client's portfolio
 * (`invalidateCarteira`, once per client), and the history and each order's detail changed.
 */
export function invalidateOrdensTerminadas(
  queryClient: QueryClient,
  ordens: ReadonlyArray<{ groupId: string; cliente: number }>,
) {
  return Promise.all([
    ...[...new Set(ordens.map((o) => o.cliente))].map((cliente) =>
      invalidateCarteira(queryClient, cliente),
    ),
    invalidateAll(queryClient, [
      ordensKeys.lists(),
      ...ordens.map((o) => ordensKeys.detail(o.groupId)),
    ]),
  ]);
}

/** A sale refused because the terminal holds less than it: what the screen knows of that client's position. */
export function invalidatePosicaoNoTerminal(queryClient: QueryClient, clienteId: number) {
  return queryClient.invalidateQueries({
    queryKey: conciliacaoQueries.detail(clienteId).queryKey,
  });
}

/**
 * A corporate event written or deleted adjusts or pays every client holding its stock (which the SPA cannot
 * know): every client's operations, summary and proventos, the control panel's figures, the quotes (the
 * stored-close fallback is in today's terms), the price histories (adjusted by share events), the income tax
 * (a share event moves the average cost) and the returns (a cash event pays).
 */
export function invalidateAfterEvento(queryClient: QueryClient) {
  return invalidateAll(queryClient, [
    operacoesKeys.lists(),
    carteiraQueries.resumos(),
    carteiraQueries.proventosAll(),
    painelQueries.all(),
    cotacoesQueries.all(),
    acoesQueries.historicos(),
    irQueries.all(),
    rentabilidadeQueries.all(),
  ]);
}

/** An imported workbook: its patrimony feeds every client's summary and the available patrimony. */
export function invalidateAfterImportacao(queryClient: QueryClient) {
  return invalidateAll(queryClient, [
    carteiraQueries.resumos(),
    painelQueries.patrimonioDisponivel().queryKey,
  ]);
}

/**
 * A client saved: its summary (its percent), the control panel (names, percents), its DARF (name and CPF) and the
 * book's income-tax months and returns (names).
 */
export function invalidateAfterClienteSaved(queryClient: QueryClient, clienteId: number) {
  return invalidateAll(queryClient, [
    carteiraQueries.resumo(clienteId).queryKey,
    painelQueries.all(),
    irQueries.cliente(clienteId),
    irQueries.livros(),
    rentabilidadeQueries.livros(),
  ]);
}

/**
 * A client deleted: the available patrimony, which sums every client's, and the book's income-tax months and
 * returns.
 */
export function invalidateAfterClienteDeleted(queryClient: QueryClient) {
  return invalidateAll(queryClient, [
    painelQueries.patrimonioDisponivel().queryKey,
    irQueries.livros(),
    rentabilidadeQueries.livros(),
  ]);
}
