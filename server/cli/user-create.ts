import { run } from './commands/user-create';
import { processIo, runCommand } from './run';

runCommand(() => run(process.argv.slice(2), processIo));
