import type { HttpHandler } from 'msw';

/**
 * Every endpoint of the table, one file per feature: each exports its handlers (`…Handlers`) and, when it keeps the
 * session's writes, how to forget them (`reset…Mock`). The component tests and the browser mode share them;
 * tests/mocks/contract.test.ts fails on an endpoint without a handler.
 */
const modulos = Object.values(
  import.meta.glob<Record<string, unknown>>(['./*.ts', '!./index.ts'], { eager: true }),
);
const exportados = (nome: RegExp) =>
  modulos.flatMap((m) => Object.entries(m).flatMap(([n, valor]) => (nome.test(n) ? [valor] : [])));

export const handlers = exportados(/Handlers$/).flat() as HttpHandler[];

/** Every handler's state back to its seed: the session's writes (orders, lotes, events, edits) forgotten. */
export function resetMockHandlers() {
  for (const reset of exportados(/^reset\w+Mock$/) as Array<() => void>) reset();
}
