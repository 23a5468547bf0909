import type { QueryClient } from '@tanstack/react-query';
import { conciliacaoQueries } from './conciliacao';
import { invalidateCarteira } from './operacoes';

/**
 * What the MT5 orders change outside the orders' own data, in one place: src/api/ordens.ts and src/api/lotes.ts
 * mark their own keys (the history, an order's detail, the lotes) and call these for the rest.
 *
 * (The effects of writing an operation by hand stay in operacoes.ts's `invalidateCarteira`, which this reuses:
 * moving it here would make operacoes.ts and this file import each other.)
 */

/**
 * Orders that ended (executed, failed, canceled, resolved), of these clients: what filled was recorded in each
 * client's portfolio (its operations, summary, the panel's figures), and its terminal's position moved (its
 * reconciliation and the list that sums them): `invalidateCarteira`'s keys, once per client.
 */
export function invalidateAfterOrdens(queryClient: QueryClient, clientes: Iterable<number>) {
  return Promise.all(
    [...new Set(clientes)].map((cliente) => invalidateCarteira(queryClient, cliente)),
  );
}

/** A sale refused because the terminal holds less than it: what the screen knows of that client's position. */
export function invalidatePosicaoNoTerminal(queryClient: QueryClient, clienteId: number) {
  return queryClient.invalidateQueries({
    queryKey: conciliacaoQueries.detail(clienteId).queryKey,
  });
}
