import { run } from './commands/user-delete';
import { processIo, runCommand } from './run';

runCommand(() => run(process.argv.slice(2), processIo));
