import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { deleteUser, USERNAME_PATTERN } from '../modules/auth';
import { runCommand } from './run';

const USAGE = 'Usage: npm run user:delete -- --username NAME';

async function main(): Promise<number> {
  let username: string | undefined;
  try {
    ({ username } = parseArgs({ options: { username: { type: 'string' } } }).values);
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!username || !USERNAME_PATTERN.test(username)) {
    console.error(`A username of 1 to 150 letters, digits or _ . @ - is required.\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    purpose: 'user:delete',
  });
  try {
    const deleted = await deleteUser(database.db, username);
    if (!deleted) {
      console.error(`There is no user "${username}".`);
      return 1;
    }
    console.log(`User "${username}" deleted; ${deleted.sessionsEnded} open session(s) ended.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
