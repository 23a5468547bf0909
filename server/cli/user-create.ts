import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DatabaseOpenError, openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { USERNAME_PATTERN, upsertUser } from '../modules/auth/users';

const USAGE =
  'Usage: npm run user:create -- --username NAME   (the password is read from standard input, one line)';

async function readPasswordLine(): Promise<string | undefined> {
  const rl = readline.createInterface({ input: process.stdin, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return undefined;
}

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
  const password = (await readPasswordLine())?.replace(/\r$/, '');
  if (!password || password.length < 8) {
    console.error('The password (one line on standard input) must have at least 8 characters.');
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    purpose: 'user:create',
  });
  try {
    const outcome = await upsertUser(database.db, username, password);
    console.log(
      outcome === 'created' ? `User "${username}" created.` : `Password of "${username}" reset.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known =
      err instanceof ConfigError ||
      err instanceof DataDirLockedError ||
      err instanceof DatabaseOpenError;
    console.error(known ? (err as Error).message : err);
    process.exit(1);
  },
);
