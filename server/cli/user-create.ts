import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { EMAIL_USUARIO_PATTERN, PAPEIS, type Papel } from '../../contract';
import { setUserEmail } from '../modules/alertas';
import {
  PASSWORD_PROBLEM_MESSAGE,
  USERNAME_PATTERN,
  localActor,
  passwordProblem,
  upsertUser,
} from '../modules/auth';
import { runCommand } from './run';

const USAGE =
  'Usage: npm run user:create -- --username NAME [--role admin|operador|assessor|leitura] [--email ADDRESS]   ' +
  '(the password is read from standard input, one line; a new user is an admin unless --role says otherwise, an ' +
  "existing one keeps its role unless --role is given; --email sets where the alerts are e-mailed, --email '' " +
  'removes it)';

/** The options, one line each: a new one is a line here and its check below. */
const OPTIONS = {
  username: { type: 'string' },
  role: { type: 'string' },
  email: { type: 'string' },
} as const;

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
  let values: {
    username?: string | undefined;
    role?: string | undefined;
    email?: string | undefined;
  };
  try {
    ({ values } = parseArgs({ options: OPTIONS }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { username } = values;
  if (!username || !USERNAME_PATTERN.test(username)) {
    console.error(`A username of 1 to 150 letters, digits or _ . @ - is required.\n${USAGE}`);
    return 2;
  }
  const role = values.role?.trim().toLowerCase();
  if (role !== undefined && !(PAPEIS as readonly string[]).includes(role)) {
    console.error(`--role must be one of ${PAPEIS.join(', ')}.\n${USAGE}`);
    return 2;
  }
  const email = values.email === undefined ? undefined : values.email.trim() || null;
  if (email && (email.length > 254 || !EMAIL_USUARIO_PATTERN.test(email))) {
    console.error(`--email must be an e-mail address (name@example.com).\n${USAGE}`);
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
    const { outcome, sessionsEnded } = await upsertUser(
      database.db,
      username,
      password,
      localActor(),
      role as Papel | undefined,
    );
    console.log(
      outcome === 'created'
        ? `User "${username}" created. Role: ${role ?? 'admin'}.`
        : `Password of "${username}" reset${role ? `, role ${role}` : ''}; ${sessionsEnded} open session(s) ended.`,
    );
    if (email !== undefined) {
      await setUserEmail(database.db, username, email, localActor());
      console.log(
        email ? `E-mail of "${username}": ${email}.` : `E-mail of "${username}" removed.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main);
