import { run } from './commands/prices-import';
import { processIo, runCommand } from './run';

runCommand(() => run(process.argv.slice(2), processIo));
