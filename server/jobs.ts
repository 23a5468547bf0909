import type { AppDeps } from './app';
import { backupJobs } from './db/backup-schedule';
import type { Job, JobLog } from './lib/jobs';
import { alertasJobs } from './modules/alertas';
import { clientesJobs } from './modules/clientes';
import { eventosJobs } from './modules/eventos';
import { lotesJobs } from './modules/lotes';
import { modelosJobs } from './modules/modelos';
import { ordensJobs } from './modules/ordens';
import { rentabilidadeJobs } from './modules/rentabilidade';

/**
 * Every background task of the server, in one place (docs/decisions/0010-modules-and-jobs.md): each module declares
 * its own from its index; the app's runner (server/lib/jobs.ts) starts them when it is ready and stops them when
 * it closes. A new task is one more line here.
 */
export function serverJobs(deps: AppDeps, log: JobLog): Job[] {
  return [
    // Orders nobody polls any more, brought up to date and applied.
    ...ordensJobs(deps, log),
    // Lotes nobody polls any more (a closed browser, a restart mid-lote), finished the same way.
    ...lotesJobs(deps.lotes, deps.config),
    // A rebalance's buys, each client's released once its sales have ended (issue 33; at start too).
    ...modelosJobs(deps, log),
    // Corporate events whose data_ex has come, applied (at start, then hourly).
    ...eventosJobs(deps, log),
    // Every client's MT5 status, measured again once stale (after the first question).
    ...clientesJobs(deps.mt5Status, deps.config),
    // The embedded database copied every BACKUP_HOURS into BACKUP_DIR, the newest BACKUP_KEEP kept (decision 0011).
    ...backupJobs(deps),
    // The alerts' checks every ALERTAS_SEGUNDOS (and on data changes), and their e-mails (issue 31).
    ...alertasJobs(deps.vigia, deps.config),
    // The CDI from the Banco Central and the Ibovespa from Yahoo, refreshed every few hours (issue 30).
    ...rentabilidadeJobs(deps),
  ];
}
