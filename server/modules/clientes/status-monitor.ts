import type { ClienteStatus } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Job } from '../../lib/jobs';
import { checkAllStatuses, type StatusTarget } from '../../lib/mt5-agent/status';
import { selectStatusTargets } from './repository';

type Target = StatusTarget & { mt5_token: string | null };

interface Medicao {
  /** The address and token it was measured with: another one makes it stale at once. */
  chave: string;
  /** When it was measured (ms). */
  em: number;
  status: ClienteStatus;
}

const chaveDe = (t: Target) => JSON.stringify([t.vm_private_ip, t.vm_ip, t.mt5_token]);

/** How the monitor asks for a refresh now: the job runner's trigger (server/lib/jobs.ts). */
export interface Trigger {
  trigger(jobName: string): Promise<void>;
}

export const STATUS_JOB = 'clientes.mt5-status';

/**
 * Every client's MT5 status, kept fresh in the background, so that GET clientes-status/ answers at once with the
 * last measurement of each (and when it was made) instead of waiting for every VM: a hung VM delays only its own
 * dot. A client not measured yet, or whose address changed, is checked at once (the answer triggers the job) and
 * left out of the answer until its check ends. Each status is measured again once older than MT5_STATUS_SECONDS by
 * the job's rounds, which start with the first question (a server nobody asks calls no agent).
 */
export class StatusMonitor {
  private readonly medicoes = new Map<number, Medicao>();
  private readonly emCurso = new Set<number>();
  private targets: Target[] = [];
  private asked = false;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly jobs: Trigger,
    private readonly onError: (err: unknown) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** The statuses measured for the current clients, at once; the due ones are being measured meanwhile. */
  async answer(): Promise<ClienteStatus[]> {
    this.asked = true;
    await this.jobs.trigger(STATUS_JOB);
    return this.targets.flatMap((t) => {
      const medicao = this.medicoes.get(t.id);
      return medicao && medicao.chave === chaveDe(t) ? [medicao.status] : [];
    });
  }

  /** The job's run: starts checking every client whose status is missing, stale or of another address. */
  async refresh(): Promise<void> {
    if (!this.asked) return;
    const targets = await selectStatusTargets(this.db);
    const ids = new Set(targets.map((t) => t.id));
    for (const id of this.medicoes.keys()) if (!ids.has(id)) this.medicoes.delete(id);
    const velha = this.now() - this.config.mt5.statusSeconds * 1000;
    const due = targets.filter((t) => {
      if (this.emCurso.has(t.id)) return false;
      const medicao = this.medicoes.get(t.id);
      return !medicao || medicao.chave !== chaveDe(t) || medicao.em <= velha;
    });
    if (due.length) this.check(due);
    this.targets = targets;
  }

  private check(targets: Target[]): void {
    const chaves = new Map(targets.map((t) => [t.id, chaveDe(t)]));
    for (const t of targets) this.emCurso.add(t.id);
    // Not awaited: each result is kept as it comes (those needing no call, such as a missing IP, before this
    // returns), and the answer never waits for a VM. A stop does not wait for them either: they write nothing
    // but this monitor's memory.
    void checkAllStatuses(targets, this.config.mt5, (result) => {
      this.emCurso.delete(result.id);
      const em = this.now();
      this.medicoes.set(result.id, {
        chave: chaves.get(result.id)!,
        em,
        status: { ...result, medido_em: new Date(em).toISOString() },
      });
    }).catch((err: unknown) => {
      for (const t of targets) this.emCurso.delete(t.id);
      this.onError(err);
    });
  }
}

/** The monitor's periodic round, on every instance (each answers from its own measurements). */
export function clientesJobs(monitor: StatusMonitor, config: Config): Job[] {
  return [
    {
      name: STATUS_JOB,
      intervalMs: config.mt5.statusSeconds * 1000,
      everyInstance: true,
      run: () => monitor.refresh(),
    },
  ];
}
