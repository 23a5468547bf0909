import type { QueryClient } from '@tanstack/react-query';
import type { OrderStatus } from '../../contract';
import type { OrdemRef } from './ordens';

/**
 * The end of an order this tab sent, told to whoever listens (the shell's toast, src/widgets/ordens): apart from
 * src/api/ordens.ts so that the shell listens without loading the orders' calls.
 */
type AoTerminar = (ordem: OrdemRef, status: OrderStatus) => void;
const aoTerminar = new WeakMap<QueryClient, Set<AoTerminar>>();

/** Tells `listener` of each followed order when it ends, once, wherever its dialog is; returns the unsubscribe. */
export function onOrdemTerminada(queryClient: QueryClient, listener: AoTerminar): () => void {
  const listeners = aoTerminar.get(queryClient) ?? new Set<AoTerminar>();
  aoTerminar.set(queryClient, listeners);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by followOrdem when the order it follows has ended. */
export function avisarOrdemTerminada(
  queryClient: QueryClient,
  ordem: OrdemRef,
  status: OrderStatus,
): void {
  for (const listener of aoTerminar.get(queryClient) ?? []) listener(ordem, status);
}
