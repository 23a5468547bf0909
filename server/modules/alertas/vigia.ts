import type { ConciliacaoCliente } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { onChange } from '../../lib/changes';
import type { Job, JobLog } from '../../lib/jobs';
import type { QuoteService } from '../../lib/quotes';
import { Destinatarios } from './destinatarios';
import { checkConciliacao } from './divergencias';
import { checkDatasEx } from './datas-ex';
import { checkDuvidas } from './duvidas';
import { sendPendentes, smtpSender, type Enviar } from './email';
import type { Contexto } from './motor';
import { checkPrecos, selectVigiados, tickersDe } from './precos';
import { checkTerminais } from './terminais';

export const VERIFICAR_JOB = 'alertas.verificar';
export const EMAIL_JOB = 'alertas.email';
/** The e-mail queue is looked at this often (retries, the users' minute), besides after each check. */
const EMAIL_INTERVALO_MS = 15_000;

export interface VigiaDeps {
  db: Db;
  config: Config;
  quotes: QuoteService;
  /** The app's job runner: the checks run as its tasks, claimed like the others. */
  jobs: { trigger(name: string): Promise<void> };
  log: JobLog;
  /** The clock of every alert's time (the tests drive it). */
  now?: () => Date;
  /** How a message is sent (default: nodemailer over SMTP_URL; none without it). */
  enviar?: Enviar;
}

/**
 * The server watching (issue 31): the checks of every alert type, run by the job runner every ALERTAS_SEGUNDOS and
 * whenever the data they read changes (a quote refresh, a status measurement, an order sync: server/lib/changes.ts),
 * with nobody logged in; a reconciliation's divergences as it is made; and the e-mail queue. Built once per app.
 */
export class Vigia {
  readonly now: () => Date;
  readonly emailAtivo: boolean;
  private readonly enviar: Enviar | null;
  /** A check is running in this process: the quote refresh it causes itself is not news. */
  private verificando = false;
  private readonly emVoo = new Set<Promise<void>>();
  private readonly stopListening: () => void;

  constructor(private readonly deps: VigiaDeps) {
    this.now = deps.now ?? (() => new Date());
    const smtp = deps.config.alertas.smtp;
    this.enviar = deps.enviar ?? (smtp ? smtpSender(smtp) : null);
    this.emailAtivo = smtp !== null;
    this.stopListening = onChange(deps.db, (change) => {
      if (change.kind === 'conciliacao') this.observeConciliacao(change.clientes);
      else if (change.kind !== 'cotacoes' || !this.verificando) this.trigger(VERIFICAR_JOB);
    });
  }

  /** Runs a task soon (coalesced by the runner); its failure is the runner's to log. */
  trigger(name: string): void {
    this.deps.jobs.trigger(name).catch(() => undefined);
  }

  private contexto(): Contexto {
    return {
      db: this.deps.db,
      now: this.now(),
      destinatarios: new Destinatarios(this.deps.db, this.emailAtivo),
      emails: 0,
      notificacoes: 0,
    };
  }

  /** One round of every scheduled check. */
  async check(signal: AbortSignal): Promise<void> {
    const { db, quotes, config } = this.deps;
    this.verificando = true;
    try {
      const ctx = this.contexto();
      // Side by side: on PostgreSQL each check's queries go on their own connection; the embedded database takes
      // them in turn. One check failing does not keep the others from running; the run then fails (logged).
      const resultados = await Promise.allSettled([
        (async () => {
          const vigiados = await selectVigiados(db);
          const tickers = tickersDe(vigiados);
          const cotacoes = tickers.length
            ? await quotes.getQuotes(tickers)
            : new Map<string, number>();
          await checkPrecos(ctx, vigiados, cotacoes, config.alertas.rearmePercentual);
        })(),
        checkTerminais(ctx, config.alertas),
        checkDuvidas(ctx, config.alertas),
        checkDatasEx(ctx, config.alertas),
      ]);
      const falhas = resultados.flatMap((r) =>
        r.status === 'rejected' ? [r.reason as unknown] : [],
      );
      if (falhas.length) throw new AggregateError(falhas, 'alert checks failed');
      if (signal.aborted) return;
    } finally {
      this.verificando = false;
    }
    // New e-mails go at once; due retries too.
    if (this.enviar) this.trigger(EMAIL_JOB);
  }

  /** The divergences of a reconciliation just made, outside the runner: they come with it, not from the database. */
  observeConciliacao(clientes: readonly ConciliacaoCliente[]): void {
    const run = (async () => {
      const ctx = this.contexto();
      await checkConciliacao(ctx, clientes);
      if (ctx.emails > 0 && this.enviar) this.trigger(EMAIL_JOB);
    })().catch((err: unknown) =>
      this.deps.log.warn({ err }, 'alert check of a reconciliation failed'),
    );
    this.emVoo.add(run);
    void run.finally(() => this.emVoo.delete(run));
  }

  /** One round of the e-mail queue. */
  async sendEmails(signal: AbortSignal): Promise<void> {
    if (!this.enviar) return;
    await sendPendentes(this.deps.db, this.enviar, this.now(), signal);
  }

  /** The reconciliations' checks under way, ended (the tests wait for them). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.emVoo]);
  }

  /** At the stop: no more listening, and the reconciliations' checks under way finish before the database closes. */
  async drain(): Promise<void> {
    this.stopListening();
    await Promise.allSettled([...this.emVoo]);
  }
}

/** The alerts' tasks (server/jobs.ts): the checks every ALERTAS_SEGUNDOS (0: on changes only), and the e-mails. */
export function alertasJobs(vigia: Vigia, config: Config): Job[] {
  const segundos = config.alertas.segundos;
  return [
    {
      name: VERIFICAR_JOB,
      intervalMs: segundos * 1000,
      runAtStart: segundos > 0,
      run: ({ signal }) => vigia.check(signal),
      drain: () => vigia.drain(),
    },
    {
      name: EMAIL_JOB,
      intervalMs: vigia.emailAtivo && segundos > 0 ? EMAIL_INTERVALO_MS : 0,
      run: ({ signal }) => vigia.sendEmails(signal),
    },
  ];
}
