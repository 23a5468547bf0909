import type { ConciliacaoCliente } from '../../contract';
import type { Db } from '../db/client';

/**
 * "This data just changed", said where it changes (a quote refresh, an MT5 status measurement, an order sync, a
 * reconciliation) and heard by whoever reacts to it (the alerts' checks, issue 31), so that the modules where data
 * changes need not import their listeners (which would make cycles: the alerts read orders, statuses and quotes).
 * Per database handle, which is per app: two apps in one process (the tests) do not hear each other.
 */
export type Change =
  | { kind: 'cotacoes' }
  | { kind: 'status' }
  | { kind: 'ordens' }
  | { kind: 'conciliacao'; clientes: readonly ConciliacaoCliente[] };

export type ChangeListener = (change: Change) => void;

const listeners = new WeakMap<Db, Set<ChangeListener>>();

/** Tells the listeners of `db` at once; a listener's failure never reaches the code where the data changed. */
export function signalChange(db: Db, change: Change): void {
  for (const listener of listeners.get(db) ?? []) {
    try {
      listener(change);
    } catch {
      // A listener reports its own failures: the caller's write has happened and must not fail for it.
    }
  }
}

/** Listens to the changes of `db`; answers the function that stops listening. */
export function onChange(db: Db, listener: ChangeListener): () => void {
  let set = listeners.get(db);
  if (!set) {
    set = new Set();
    listeners.set(db, set);
  }
  set.add(listener);
  return () => set.delete(listener);
}
