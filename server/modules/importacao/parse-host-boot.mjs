// The parsing process's entry. It runs under plain Node (the pool starts it), so it registers tsx before loading
// the TypeScript module: the same file runs under `npm start`, dev and tests.
import { register } from 'tsx/esm/api';

register();
await import('./parse-host.ts');
