import { median } from './stats';

export interface Medida {
  /** Median wall time of each side, ms (the bench's figure). */
  wall: [number, number];
  /** Median CPU time of this process during each side, ms (user + system, all its threads). */
  cpu: [number, number];
}

const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
};

/**
 * As stats.ts's `compare` (the two sides alternately, so that a busy machine slows both alike; medians), with this
 * process's CPU time of each call beside its wall time. On 2 shared cores the wall figure moves with everybody
 * else's load; the CPU figure does not. With PGlite the database runs on this thread, so the CPU of the SQL side
 * is the statement's whole cost and the HTTP side's is that plus the server's (and the loopback client's) own
 * work; with PostgreSQL the database's CPU is in its own process and only the driver's and the server's is here.
 */
export async function compareWithCpu(
  runs: number,
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<Medida> {
  for (let i = 0; i < Math.min(5, runs); i++) {
    await first();
    await second();
  }
  const wall: [number[], number[]] = [[], []];
  const cpu: [number[], number[]] = [[], []];
  for (let i = 0; i < runs; i++) {
    for (const [side, fn] of [first, second].entries()) {
      const since = process.cpuUsage();
      const t = performance.now();
      await fn();
      wall[side]!.push(performance.now() - t);
      cpu[side]!.push(cpuMs(since));
    }
  }
  return {
    wall: [median(wall[0]), median(wall[1])],
    cpu: [median(cpu[0]), median(cpu[1])],
  };
}
