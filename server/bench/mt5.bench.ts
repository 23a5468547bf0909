import { performance } from 'node:perf_hooks';
import { startFleet } from '../../tests/server/mt5-sim/fleet';
import { checkAllStatuses, Mt5AgentClient } from '../lib/mt5-agent';
import { median } from './stats';

/**
 * How long the MT5 agent client waits for a VM that never answers, against what it was told (the figures the
 * tests no longer assert, as a busy machine stretches them; the tests assert the bounds and the counts instead):
 * one call's own timeout, a caller's deadline shorter than it, and the status of 200 hung VMs 40 at a time within
 * one budget. Medians of ROUNDS; "ratio" is measured ÷ asked (1.00 is exact; a timeout never fires early).
 */
const ROUNDS = 5;

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn().catch(() => undefined);
  return performance.now() - started;
}

export default async function mt5(): Promise<void> {
  const fleet = await startFleet(['slow']);
  const settings = { agentPort: fleet.port, agentToken: fleet.token };
  const hung = fleet.hosts[0]!;
  try {
    const rows: [string, number, number][] = [];
    const own = [];
    const caller = [];
    const statuses = [];
    for (let i = 0; i < ROUNDS; i++) {
      own.push(
        await timed(() => new Mt5AgentClient(hung, { ...settings, timeoutMs: 400 }).health()),
      );
      caller.push(
        await timed(() =>
          new Mt5AgentClient(hung, { ...settings, timeoutMs: 5_000 }).health({
            signal: AbortSignal.timeout(100),
          }),
        ),
      );
      const targets = Array.from({ length: 200 }, (_, id) => ({
        id,
        vm_private_ip: hung,
        vm_ip: null,
      }));
      statuses.push(
        await timed(() =>
          checkAllStatuses(targets, { ...settings, timeoutMs: 1_000, statusConcurrency: 40 }),
        ),
      );
    }
    rows.push(['a call, its own timeout of 400 ms', 400, median(own)]);
    rows.push(["a call, the caller's deadline of 100 ms (own 5 s)", 100, median(caller)]);
    rows.push(['200 hung VMs, 40 at a time, a budget of 1 s', 1_000, median(statuses)]);
    console.log(`${'what'.padEnd(52)}   asked   measured   ratio`);
    for (const [what, asked, took] of rows) {
      console.log(
        `${what.padEnd(52)} ${String(asked).padStart(5)} ms ${took.toFixed(0).padStart(6)} ms ${(took / asked).toFixed(2).padStart(7)}`,
      );
    }
  } finally {
    await fleet.close();
  }
}
