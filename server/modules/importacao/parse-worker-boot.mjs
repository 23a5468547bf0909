// The parsing worker's entry. Worker threads do not inherit the main thread's tsx loader (Node 20), so the
// worker registers it before loading the TypeScript module: the same file runs under `npm start`, dev and tests.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
