import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JobRunner, type Job, type JobClaim, type JobContext } from '../../../server/lib/jobs';

/** A promise resolved (or rejected) by the test, when it says so. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const log = () => ({ warn: vi.fn() });

/** A job whose runs are recorded and each waits for the test to end it. */
function heldJob(overrides: Partial<Job> = {}) {
  const runs: Array<{ ctx: JobContext; end: ReturnType<typeof deferred> }> = [];
  const job: Job = {
    name: 'tarefa',
    intervalMs: 1_000,
    run: (ctx) => {
      const end = deferred();
      runs.push({ ctx, end });
      return end.promise;
    },
    ...overrides,
  };
  return { job, runs };
}

/** Lets the promises settled so far run their callbacks (no timer moves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the job runner', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs a job every interval, one run at a time: a tick while it runs is skipped', async () => {
    const { job, runs } = heldJob();
    const runner = new JobRunner({ log: log() }, [job]);
    runner.start();
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(1);
    // Three more ticks while the first run goes on: none starts another.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toHaveLength(1);
    runs[0]!.end.resolve();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(2);
    runs[1]!.end.resolve();
    await runner.stop();
  });

  it('runs at start when asked to, and never on a timer with an interval of 0', async () => {
    const { job, runs } = heldJob({ intervalMs: 0, runAtStart: true });
    const runner = new JobRunner({ log: log() }, [job]);
    runner.start();
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!.end.resolve();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toHaveLength(1);
    await runner.stop();
  });

  it('stops: no more ticks, the signal aborted, the run under way and then the drain awaited', async () => {
    const drained = deferred();
    const order: string[] = [];
    const { job, runs } = heldJob({
      drain: async () => {
        order.push('drain');
        await drained.promise;
      },
    });
    const runner = new JobRunner({ log: log() }, [job]);
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(1);

    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await settle();
    expect(runs[0]!.ctx.signal.aborted).toBe(true);
    expect(stopped).toBe(false);
    expect(order).toEqual([]);

    order.push('run ended');
    runs[0]!.end.resolve();
    await settle();
    expect(order).toEqual(['run ended', 'drain']);
    expect(stopped).toBe(false);
    drained.resolve();
    await stopping;
    expect(stopped).toBe(true);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(1);
  });

  it('logs a failed run and runs again at the next tick', async () => {
    const logger = log();
    let calls = 0;
    const runner = new JobRunner({ log: logger }, [
      {
        name: 'falha',
        intervalMs: 1_000,
        run: async () => {
          calls++;
          if (calls === 1) throw new Error('banco fora do ar');
        },
      },
    ]);
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'falha', err: expect.any(Error) }),
      'job failed',
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    await runner.stop();
  });

  it('runs only when the claim says so, and hands the run the claim’s epoch', async () => {
    const answers: Array<boolean | { epoch: number }> = [false, { epoch: 7 }, true];
    const asked: Array<[string, number]> = [];
    const claim: JobClaim = {
      claim: async (name, leaseMs) => {
        asked.push([name, leaseMs]);
        return answers.shift()!;
      },
    };
    const epochs: Array<number | null> = [];
    const runner = new JobRunner({ log: log(), claim }, [
      { name: 'lider', intervalMs: 1_000, run: async ({ epoch }) => void epochs.push(epoch) },
      {
        name: 'local',
        intervalMs: 1_000,
        everyInstance: true,
        run: async ({ epoch }) => void epochs.push(epoch === null ? -1 : epoch),
      },
    ]);
    runner.start();
    await vi.advanceTimersByTimeAsync(3_000);
    // 'lider': not claimed, then epoch 7, then true (no epoch); 'local' never asks and runs each time.
    expect(asked).toEqual([
      ['lider', 2_000],
      ['lider', 2_000],
      ['lider', 2_000],
    ]);
    expect(epochs.filter((e) => e !== -1)).toEqual([7, null]);
    expect(epochs.filter((e) => e === -1)).toHaveLength(3);
    await runner.stop();
  });

  it('triggers a run now; a trigger while one runs gets one more run after it, shared by every trigger meanwhile', async () => {
    const { job, runs } = heldJob({ intervalMs: 60_000 });
    const runner = new JobRunner({ log: log() }, [job]);
    runner.start();

    const first = runner.trigger('tarefa');
    await settle();
    expect(runs).toHaveLength(1);

    let ended = 0;
    const second = runner.trigger('tarefa').then(() => ended++);
    const third = runner.trigger('tarefa').then(() => ended++);
    await settle();
    expect(runs).toHaveLength(1);

    runs[0]!.end.resolve();
    await first;
    await settle();
    expect(runs).toHaveLength(2);
    expect(ended).toBe(0);
    runs[1]!.end.resolve();
    await Promise.all([second, third]);
    expect(ended).toBe(2);
    expect(runs).toHaveLength(2);
    await runner.stop();
  });

  it('passes a triggered run’s failure to whoever triggered it, and runs nothing once stopped', async () => {
    const runner = new JobRunner({ log: log() }, [
      {
        name: 'quebra',
        intervalMs: 0,
        run: async () => {
          throw new Error('sem banco');
        },
      },
    ]);
    await expect(runner.trigger('quebra')).rejects.toThrow('sem banco');
    await expect(runner.trigger('nenhuma')).rejects.toThrow(/no job named nenhuma/);
    await runner.stop();
    await expect(runner.trigger('quebra')).resolves.toBeUndefined();
  });
});
