import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DatabaseOpenError, openDatabase, type Database } from '../db/client';
import { DataDirLockedError } from '../db/lock';

/**
 * Where a command reads its input and settings and writes its lines: the process's own when `npm run` starts it,
 * a test's when it runs the command in its own process (one line each: what console.log and console.error print).
 */
export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** The settings loadConfig reads. */
  env: NodeJS.ProcessEnv;
}

export const processIo: CommandIo = {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  // Read when a command asks for it: the other commands leave the process's stdin untouched.
  get stdin() {
    return process.stdin;
  },
  env: process.env,
};

/** The database the settings in `env` name (DATABASE_URL, else the embedded one in DATA_DIR), opened for `purpose`. */
export function openCommandDatabase(env: NodeJS.ProcessEnv, purpose: string): Promise<Database> {
  const config = loadConfig(env);
  return openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, purpose });
}

/**
 * A command's exit code. A bad setting, a locked data directory or a database that will not open are the user's
 * to fix: their message alone is printed, not a stack, and the code is 1.
 */
export async function exitCode(main: () => Promise<number>, io: CommandIo): Promise<number> {
  try {
    return await main();
  } catch (err) {
    const known =
      err instanceof ConfigError ||
      err instanceof DataDirLockedError ||
      err instanceof DatabaseOpenError;
    if (!known) throw err;
    io.err(err.message);
    return 1;
  }
}

/** Runs a command's main and exits with its code (exitCode); anything else it throws is printed whole, exit 1. */
export function runCommand(main: () => Promise<number>): void {
  exitCode(main, processIo).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/**
 * The `FILE [--force]` of a command (db:backup, db:restore), the file resolved; null once the mistake and the usage
 * are printed (exit with 2).
 */
export function fileArgument(usage: string): { file: string; force: boolean } | null {
  let values: { force?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      allowPositionals: true,
      options: { force: { type: 'boolean' } },
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return null;
  }
  if (positionals.length !== 1) {
    console.error(usage);
    return null;
  }
  return { file: path.resolve(positionals[0]!), force: values.force === true };
}
