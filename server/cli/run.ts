import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError } from '../config';
import { DatabaseOpenError } from '../db/client';
import { DataDirLockedError } from '../db/lock';

/**
 * Runs a command's main and exits with its code. A bad setting, a locked data directory or a database that
 * will not open are the user's to fix: their message alone is printed, not a stack.
 */
export function runCommand(main: () => Promise<number>): void {
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
