import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { forEachBounded } from '../../lib/bounded';
import { sharedTimeoutMs } from '../../lib/mt5-agent';
import type { Group } from '../ordens';
import { orderStatus } from '../ordens';

export const inFlight = (g: Pick<Group, 'state'>) => g.state === 'pending' || g.state === 'sent';

/** The settings of an agent client with a shorter timeout (a share of one timeout among many VMs). */
export const withTimeout = (config: Config, timeoutMs: number): Config => ({
  ...config,
  mt5: { ...config.mt5, timeoutMs },
});

type SyncedGroup = Pick<Group, 'id' | 'cliente_id' | 'lado'>;

/**
 * Brings a lote's groups up to date with their terminals, applying each once it has ended: the single order's
 * own status path. One sync per group at a time in this process (the creating request, every status call and
 * the reconciler): other callers wait for the one under way.
 */
export class LoteSync {
  private readonly syncing = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Every group, many clients at a time, waiting at most about one agent timeout however many there are: a sync
   * still under way then goes on, and the next call picks it up.
   */
  async groups(groups: readonly SyncedGroup[], username: string): Promise<void> {
    if (groups.length === 0) return;
    const { slots, timeoutMs } = sharedTimeoutMs(this.config.mt5, groups.length);
    await forEachBounded(
      groups,
      slots,
      (g) => this.group(g, timeoutMs, username),
      Date.now() + this.config.mt5.timeoutMs,
    );
  }

  private group(group: SyncedGroup, timeoutMs: number, username: string): Promise<void> {
    const running = this.syncing.get(group.id);
    if (running) return running;
    const sync = orderStatus(
      this.db,
      withTimeout(this.config, timeoutMs),
      group.cliente_id,
      group.id,
      group.lado,
      username,
    )
      .then(
        () => undefined,
        (err: unknown) => this.log.warn({ err, group: group.id }, 'lote: order sync failed'),
      )
      .finally(() => this.syncing.delete(group.id));
    this.syncing.set(group.id, sync);
    return sync;
  }

  /** Waits for the syncs under way (a clean stop). */
  async drain(): Promise<void> {
    await Promise.all(this.syncing.values());
  }
}
