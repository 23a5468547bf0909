/** Corporate events: stored, applied to the operations they reach, undone; the daily job. */
export { eventosRoutes } from './routes';
export { eventosJobs } from './job';
export { eventosDoYahoo, storeEventosYahoo, type EventoYahoo } from './yahoo';
