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
