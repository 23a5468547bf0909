import { setupServer } from 'msw/node';
import { handlers } from './handlers/index';

/** The same handlers as the browser mode, for component tests (msw/node). */
export const server = setupServer(...handlers);
