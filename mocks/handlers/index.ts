import { authHandlers } from './auth';

/** Every call of the specification, one file per feature; the component tests and the browser mode share them. */
export const handlers = [...authHandlers];
