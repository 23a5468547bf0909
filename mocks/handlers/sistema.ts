import { sistemaEndpoints as e } from '../../contract';
import { handle, ok } from '../contract';

/** The browser's mock mode is always alive and ready: there is no server to wait for. */
export const sistemaHandlers = [
  handle(e.health, () => ok(e.health, { status: 'ok' })),
  handle(e.ready, () => ok(e.ready, { status: 'pronto' })),
];
