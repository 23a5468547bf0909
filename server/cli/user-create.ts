import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import {
  PASSWORD_PROBLEM_MESSAGE,
  USERNAME_PATTERN,
  passwordProblem,
  upsertUser,
} from '../modules/auth';
import { runCommand } from './run';

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
  if (!password) {
    console.error('The password is one line on standard input.');
    return 2;
  }
  const problem = passwordProblem(password);
  if (problem) {
    console.error(PASSWORD_PROBLEM_MESSAGE[problem]);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    purpose: 'user:create',
  });
  try {
    const { outcome, sessionsEnded } = await upsertUser(database.db, username, password);
    console.log(
      outcome === 'created'
        ? `User "${username}" created.`
        : `Password of "${username}" reset; ${sessionsEnded} open session(s) ended.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
