import { useSyncExternalStore } from 'react';

/**
 * Whether the server can be reached, as the calls themselves say (issue 34, rough edge 4): a call that got no
 * answer at all (the network, not the server's refusal) marks the connection lost; any answer marks it back. The
 * browser's own offline state is TanStack Query's onlineManager's; the banner reads both (src/components).
 */
let semResposta = false;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (semResposta === value) return;
  semResposta = value;
  for (const listener of listeners) listener();
}

export const conexao = {
  /** A call ended without an answer of the server (not one cancelled by the app). */
  falhou: () => set(true),
  /** The server answered (whatever it said). */
  respondeu: () => set(false),
  semResposta: () => semResposta,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useSemResposta(): boolean {
  return useSyncExternalStore(conexao.subscribe, conexao.semResposta, conexao.semResposta);
}
