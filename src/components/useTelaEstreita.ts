import { useSyncExternalStore } from 'react';

/** Below Chakra's `md` (48em): a phone held upright. */
const ESTREITA = '(max-width: 47.99em)';

const consulta = () =>
  typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(ESTREITA) : null;

function subscribe(onChange: () => void) {
  const mql = consulta();
  mql?.addEventListener?.('change', onChange);
  return () => mql?.removeEventListener?.('change', onChange);
}

/** Whether the screen is a phone's: the grids then bring the figures the advisor reads first. */
export function useTelaEstreita(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => consulta()?.matches ?? false,
    () => false,
  );
}

/** The columns with `primeiras` (by id, in that order) first and the others after, as they were. */
export function comPrimeiras<C extends { id?: string; accessorKey?: unknown }>(
  colunas: C[],
  primeiras: readonly string[],
): C[] {
  const idDe = (c: C) => c.id ?? (typeof c.accessorKey === 'string' ? c.accessorKey : '');
  const escolhidas = primeiras
    .map((id) => colunas.find((c) => idDe(c) === id))
    .filter((c): c is C => c !== undefined);
  return [...escolhidas, ...colunas.filter((c) => !escolhidas.includes(c))];
}
