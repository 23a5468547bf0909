import type { ClienteStatus } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { signalChange } from '../../lib/changes';
import { INSTANCE } from '../../lib/instance';
import type { Job } from '../../lib/jobs';
import { checkAllStatuses } from '../../lib/mt5-agent/status';
import {
  claimChanged,
  claimStale,
  selectStatuses,
  storeMeasurement,
  type Target,
} from './status-repository';

export const STATUS_JOB = 'clientes.mt5-status';

/**
 * Every client's MT5 status, kept fresh in the background and shared by every instance through the database
 * (mt5_status), so that GET clientes-status/ answers at once with the last measurement of each (and when it was
 * made) instead of waiting for every VM: a hung VM delays only its own dot. A client never measured, or whose
 * address or token changed, is measured at once by the instance that first sees it, once, and left out of the
 * answer until then. The periodic task, run by one instance at a time, measures again whatever is older than
 * MT5_STATUS_SECONDS: each VM is asked once per interval, however many instances there are. Rows exist only for
 * the clients somebody asked about: a server nobody asks calls no agent.
 */
export class StatusMonitor {
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly onError: (err: unknown) => void,
    private readonly instancia: string = INSTANCE,
  ) {}

  /** The statuses measured for the current clients, at once; the new or changed ones are measured meanwhile. */
  async answer(): Promise<ClienteStatus[]> {
    const rows = await selectStatuses(this.db);
    const changed = rows.filter((r) => r.medida_chave !== r.chave);
    if (changed.length) {
      const claimed = new Set(
        await claimChanged(
          this.db,
          changed.map((r) => ({ id: r.id, chave: r.chave })),
          this.instancia,
        ),
      );
      this.measure(changed.filter((r) => claimed.has(r.id)));
    }
    return rows.flatMap((r) =>
      r.medida_chave === r.chave && r.status !== null && r.medido_em !== null
        ? [
            {
              id: r.id,
              status: r.status,
              ping: r.ping,
              detail: r.detail,
              medido_em: r.medido_em.toISOString(),
            },
          ]
        : [],
    );
  }

  /** The periodic task's run: measures again every status older than MT5_STATUS_SECONDS. */
  async refresh(): Promise<void> {
    const { statusSeconds, timeoutMs } = this.config.mt5;
    // A round ends within about one agent timeout (askFleet): a claim older than two is a measurer that died.
    const due = await claimStale(this.db, statusSeconds, timeoutMs * 2 + 1_000, this.instancia);
    this.measure(due);
  }

  /** From the stop on, measurements still arriving are dropped: the database is closing. */
  stop(): void {
    this.closing = true;
  }

  private measure(targets: Target[]): void {
    if (targets.length === 0 || this.closing) return;
    const chaves = new Map(targets.map((t) => [t.id, t.chave]));
    // Not awaited: each result is stored as it comes, and neither an answer nor a stop waits for a hung VM.
    void checkAllStatuses(targets, this.config.mt5, (result) => {
      if (this.closing) return;
      void storeMeasurement(this.db, { ...result, chave: chaves.get(result.id)! }, this.instancia)
        // The alerts' checks (a terminal offline) hear of every measurement stored.
        .then(() => signalChange(this.db, { kind: 'status' }))
        .catch((err: unknown) => {
          if (!this.closing) this.onError(err);
        });
    }).catch((err: unknown) => {
      if (!this.closing) this.onError(err);
    });
  }
}

/**
 * The periodic round, run by one instance at a time (the runner's claim): a quarter of the interval, so that a
 * status goes stale at most a quarter of an interval before it is measured again.
 */
export function clientesJobs(monitor: StatusMonitor, config: Config): Job[] {
  return [
    {
      name: STATUS_JOB,
      intervalMs: Math.max(250, (config.mt5.statusSeconds * 1000) / 4),
      run: () => monitor.refresh(),
      drain: async () => monitor.stop(),
    },
  ];
}
