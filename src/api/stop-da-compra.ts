import { hashKey, type QueryClient } from '@tanstack/react-query';
import { operacoesEndpoints, type OrderStatus } from '../../contract';
import { call } from './call';
import { invalidateCarteira } from './invalidations';
import { ordemTerminada, ordensQueries } from './ordens';

const seguidos = new WeakMap<QueryClient, Set<string>>();

/**
 * The stop typed in the buy dialog (issue 31). An MT5 buy carries its target (tp) to the server, which writes it
 * on the operation the order creates; the order has no stop, so once the order has ended with shares filled, the
 * stop is written on that operation (PATCH operacoes/{id}/, as Editar Operação does). Followed from the order's
 * status in the cache, so a dialog closed meanwhile does not lose it; once per order; a cleared cache (the session
 * ended) drops it. A failure is logged, like every failed call (specification section 8).
 */
export function followStopDaCompra(
  queryClient: QueryClient,
  ordem: { groupId: string; cliente: number },
  valorStop: number,
): void {
  const grupos = seguidos.get(queryClient) ?? new Set<string>();
  seguidos.set(queryClient, grupos);
  if (grupos.has(ordem.groupId)) return;
  grupos.add(ordem.groupId);

  const key = ordensQueries.statusKey(ordem.groupId);
  const terminou = () => ordemTerminada(queryClient.getQueryData<OrderStatus>(key));
  let unsubscribe = () => {};
  const stop = () => {
    unsubscribe();
    grupos.delete(ordem.groupId);
  };
  const apply = async () => {
    stop();
    const detalhe = await queryClient.fetchQuery(ordensQueries.detail(ordem.groupId));
    const criada =
      detalhe.operacoes.find((o) => o.papel === 'criada')?.id ?? detalhe.operacao_id ?? null;
    // Nothing filled: no operation to carry a stop.
    if (criada === null) return;
    await call(operacoesEndpoints.update, {
      params: { id: criada },
      body: { valor_stop: valorStop },
    });
    await invalidateCarteira(queryClient, ordem.cliente);
  };
  const run = () =>
    void apply().catch((error: Error) =>
      console.error(`O stop da compra não foi gravado: ${error.message}`),
    );

  if (terminou()) return run();
  unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== hashKey(key)) return;
    if (event.type === 'removed') stop();
    else if (event.type === 'updated' && terminou()) run();
  });
}
