/**
 * Where the process is in its life, for the readiness answer and the draining stop: starting until the app is
 * ready, serving, then draining from the stop signal on (docs/deploying.md). Requests in flight are counted so that
 * the stop waits for them before it closes the listener.
 */
export class Lifecycle {
  private phase: 'starting' | 'serving' | 'draining' = 'starting';
  private inFlight = 0;
  private idle: Array<() => void> = [];

  get serving(): boolean {
    return this.phase === 'serving';
  }

  get draining(): boolean {
    return this.phase === 'draining';
  }

  markServing(): void {
    if (this.phase === 'starting') this.phase = 'serving';
  }

  /** From now on readiness is 503 and new requests are refused with 503; those in flight go on. */
  drain(): void {
    this.phase = 'draining';
  }

  requestStarted(): void {
    this.inFlight++;
  }

  requestEnded(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Resolves once no request is in flight, or after `maxMs`: answers whether they all ended. */
  async settled(maxMs: number): Promise<boolean> {
    if (this.inFlight === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      new Promise<true>((resolve) => this.idle.push(() => resolve(true))),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), maxMs))),
    ]);
    clearTimeout(timer);
    return ended;
  }
}
