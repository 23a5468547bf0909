import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { EMAIL_USUARIO_PATTERN, PAPEIS, type Papel } from '../../../contract';
import { setUserEmail } from '../../modules/alertas';
import {
  PASSWORD_PROBLEM_MESSAGE,
  USERNAME_PATTERN,
  localActor,
  passwordProblem,
  upsertUser,
} from '../../modules/auth';
import { exitCode, openCommandDatabase, type CommandIo } from '../run';

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

async function readPasswordLine(stdin: CommandIo['stdin']): Promise<string | undefined> {
  const rl = readline.createInterface({ input: stdin, terminal: false });
  if (stdin.isTTY) process.stderr.write('Password: ');
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return undefined;
}

async function main(argv: string[], io: CommandIo): Promise<number> {
  let values: {
    username?: string | undefined;
    role?: string | undefined;
    email?: string | undefined;
  };
  try {
    ({ values } = parseArgs({ args: argv, options: OPTIONS }));
  } catch (err) {
    io.err(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { username } = values;
  if (!username || !USERNAME_PATTERN.test(username)) {
    io.err(`A username of 1 to 150 letters, digits or _ . @ - is required.\n${USAGE}`);
    return 2;
  }
  const role = values.role?.trim().toLowerCase();
  if (role !== undefined && !(PAPEIS as readonly string[]).includes(role)) {
    io.err(`--role must be one of ${PAPEIS.join(', ')}.\n${USAGE}`);
    return 2;
  }
  const email = values.email === undefined ? undefined : values.email.trim() || null;
  if (email && (email.length > 254 || !EMAIL_USUARIO_PATTERN.test(email))) {
    io.err(`--email must be an e-mail address (name@example.com).\n${USAGE}`);
    return 2;
  }
  const password = (await readPasswordLine(io.stdin))?.replace(/\r$/, '');
  if (!password) {
    io.err('The password is one line on standard input.');
    return 2;
  }
  const problem = passwordProblem(password);
  if (problem) {
    io.err(PASSWORD_PROBLEM_MESSAGE[problem]);
    return 2;
  }
  const database = await openCommandDatabase(io.env, 'user:create');
  try {
    const { outcome, sessionsEnded } = await upsertUser(
      database.db,
      username,
      password,
      localActor(),
      role as Papel | undefined,
    );
    io.out(
      outcome === 'created'
        ? `User "${username}" created. Role: ${role ?? 'admin'}.`
        : `Password of "${username}" reset${role ? `, role ${role}` : ''}; ${sessionsEnded} open session(s) ended.`,
    );
    if (email !== undefined) {
      await setUserEmail(database.db, username, email, localActor());
      io.out(email ? `E-mail of "${username}": ${email}.` : `E-mail of "${username}" removed.`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** `npm run user:create` with `argv` (after the script's name): its exit code, its lines written to `io`. */
export const run = (argv: string[], io: CommandIo): Promise<number> =>
  exitCode(() => main(argv, io), io);
