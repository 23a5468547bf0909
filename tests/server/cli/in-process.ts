import { Readable } from 'node:stream';
import type { CommandIo } from '../../../server/cli/run';

/**
 * A CLI command (its `run` from server/cli/commands/) run in the test's own process on the embedded database in
 * `dataDir`, `stdin` as its input: its exit code and the lines it printed, both streams in order, as runCli
 * (tests/support/node-entry.ts) gives them for a process. Each command keeps one test that starts it as a process
 * (its entry, exit code and streams); the others call it here, without a process start each.
 */
export async function runInProcess(
  run: (argv: string[], io: CommandIo) => Promise<number>,
  dataDir: string,
  args: string[],
  stdin = '',
): Promise<{ code: number; out: string }> {
  let out = '';
  const io: CommandIo = {
    out: (line) => (out += `${line}\n`),
    err: (line) => (out += `${line}\n`),
    stdin: Readable.from(stdin ? [stdin] : []),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  };
  const code = await run(args, io);
  return { code, out };
}
