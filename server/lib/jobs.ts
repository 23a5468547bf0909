/**
 * The one runner of the server's background tasks (docs/decisions/0010-modules-and-jobs.md): every task is declared
 * in server/jobs.ts from its module's index, started when the app is ready and stopped when it closes. A task only
 * says what one run does; when it runs, one run at a time, what a failure does, who runs it and how a stop waits
 * are the runner's, the same for all.
 */

/** What a run is given. */
export interface JobContext {
  /** Aborted when the server stops: a long run checks it between steps and returns early. */
  signal: AbortSignal;
  /**
   * The claim's epoch when the claim strategy hands one out (a database lease's fencing token: a write may be made
   * conditional on it); null for the default strategy, where this process always runs its tasks.
   */
  epoch: number | null;
}

export interface Job {
  /** Unique; what a claim is asked for, and what the logs say. */
  name: string;
  /** Time between two runs' starts; a tick while a run is under way is skipped. 0 or less: never on a timer. */
  intervalMs: number;
  /** A first run as soon as the server is ready (a task that must catch up on what happened while it was down). */
  runAtStart?: boolean;
  /**
   * Run by every instance, never claimed: a task that keeps this process's own state (the MT5 status monitor's
   * measurements, which each instance answers from).
   */
  everyInstance?: boolean;
  /** How long a claim holds; default twice the interval (a missed tick does not hand the task over). */
  leaseMs?: number;
  run(ctx: JobContext): Promise<void>;
  /** What the task leaves running outside its runs (syncs a request started), awaited at stop after the runs. */
  drain?(): Promise<void>;
}

/**
 * Who runs a task now. The default is this process, always; several instances on one database plug in a lease
 * (one row per task, taken for `leaseMs`) without any task changing. True or an epoch: run; false: another holds it.
 */
export interface JobClaim {
  claim(jobName: string, leaseMs: number): Promise<boolean | { epoch: number }>;
}

export const THIS_PROCESS: JobClaim = { claim: async () => true };

export interface JobLog {
  warn(obj: object, msg: string): void;
}

interface JobState {
  job: Job;
  timer: ReturnType<typeof setInterval> | null;
  /** The run under way. */
  running: Promise<void> | null;
  /** A run asked for (trigger) while one was under way: it starts when that one ends. */
  queued: Promise<void> | null;
}

export class JobRunner {
  private readonly jobs = new Map<string, JobState>();
  private readonly abort = new AbortController();
  private started = false;
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly opts: {
      log: JobLog;
      claim?: JobClaim | undefined;
      /** Told of every run this process made (the metrics): its task, `ok` or `failed`, and its duration. */
      observe?: ((job: string, outcome: 'ok' | 'failed', seconds: number) => void) | undefined;
    },
    jobs: readonly Job[] = [],
  ) {
    this.add(...jobs);
  }

  add(...jobs: Job[]): void {
    for (const job of jobs) {
      if (this.jobs.has(job.name)) throw new Error(`job ${job.name} declared twice`);
      this.jobs.set(job.name, { job, timer: null, running: null, queued: null });
    }
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Starts every task's timer, and the first run of those that run at start. Once; never after a stop. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    for (const state of this.jobs.values()) {
      const { intervalMs, runAtStart } = state.job;
      if (intervalMs > 0) {
        state.timer = setInterval(() => this.tick(state), intervalMs);
        // A timer alone never keeps the process up: the server's listener does.
        state.timer.unref?.();
      }
      if (runAtStart) this.tick(state);
    }
  }

  /**
   * A run now, outside the timer (a new client's status measured at once): when a run is under way, one more starts
   * after it, shared by every trigger meanwhile. Resolves when that run has ended, rejects with its error; after a
   * stop, resolves at once without running.
   */
  trigger(name: string): Promise<void> {
    const state = this.jobs.get(name);
    if (!state) return Promise.reject(new Error(`no job named ${name}`));
    if (this.stopping) return Promise.resolve();
    if (!state.running) return this.launch(state);
    state.queued ??= state.running
      .catch(() => undefined)
      .then(() => {
        state.queued = null;
        return this.stopping ? undefined : this.launch(state);
      });
    return state.queued;
  }

  /**
   * Stops every task: no new run, the signal aborted, the runs under way awaited (a run ends at its next check of
   * the signal), then what each task left running (drain). The database closes after this.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      for (const state of this.jobs.values()) {
        if (state.timer) clearInterval(state.timer);
        state.timer = null;
      }
      this.abort.abort();
      const states = [...this.jobs.values()];
      await Promise.allSettled(states.flatMap((s) => [s.running, s.queued]));
      await Promise.allSettled(
        states.map(async ({ job }) => {
          try {
            await job.drain?.();
          } catch (err) {
            this.opts.log.warn({ err, job: job.name }, 'job drain failed');
          }
        }),
      );
    })();
    return this.stopping;
  }

  /** A timer's tick: skipped while a run is under way; a failure is logged, and the next tick runs as usual. */
  private tick(state: JobState): void {
    if (state.running || this.stopping) return;
    this.launch(state).catch(() => undefined);
  }

  private launch(state: JobState): Promise<void> {
    const run = this.execute(state.job).finally(() => {
      if (state.running === run) state.running = null;
    });
    state.running = run;
    return run;
  }

  private async execute(job: Job): Promise<void> {
    let epoch: number | null = null;
    if (!job.everyInstance) {
      const leaseMs = job.leaseMs ?? Math.max(job.intervalMs, 1_000) * 2;
      let claimed: boolean | { epoch: number };
      try {
        claimed = await (this.opts.claim ?? THIS_PROCESS).claim(job.name, leaseMs);
      } catch (err) {
        this.opts.log.warn({ err, job: job.name }, 'job claim failed');
        throw err;
      }
      if (claimed === false) return;
      if (typeof claimed === 'object') epoch = claimed.epoch;
    }
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      await job.run({ signal: this.abort.signal, epoch });
      this.opts.observe?.(job.name, 'ok', seconds());
    } catch (err) {
      this.opts.observe?.(job.name, 'failed', seconds());
      this.opts.log.warn({ err, job: job.name }, 'job failed');
      throw err;
    }
  }
}
