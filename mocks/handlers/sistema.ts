import { gravado } from '../recorded';

/** The browser's mock mode is always alive and ready, as the recorded server was: there is no server to wait for. */
export const sistemaHandlers = [gravado('health'), gravado('ready')];
