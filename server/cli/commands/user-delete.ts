import { parseArgs } from 'node:util';
import { deleteUser, USERNAME_PATTERN } from '../../modules/auth';
import { exitCode, openCommandDatabase, type CommandIo } from '../run';

const USAGE = 'Usage: npm run user:delete -- --username NAME';

async function main(argv: string[], io: CommandIo): Promise<number> {
  let username: string | undefined;
  try {
    ({ username } = parseArgs({ args: argv, options: { username: { type: 'string' } } }).values);
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!username || !USERNAME_PATTERN.test(username)) {
    io.err(`A username of 1 to 150 letters, digits or _ . @ - is required.\n${USAGE}`);
    return 2;
  }
  const database = await openCommandDatabase(io.env, 'user:delete');
  try {
    const deleted = await deleteUser(database.db, username);
    if (!deleted) {
      io.err(`There is no user "${username}".`);
      return 1;
    }
    io.out(`User "${username}" deleted; ${deleted.sessionsEnded} open session(s) ended.`);
    return 0;
  } finally {
    await database.close();
  }
}

/** `npm run user:delete` with `argv` (after the script's name): its exit code, its lines written to `io`. */
export const run = (argv: string[], io: CommandIo): Promise<number> =>
  exitCode(() => main(argv, io), io);
