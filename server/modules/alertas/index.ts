/**
 * Alerts (issue 31): the checks of targets, stops, price rules, ex-dates, offline terminals, orders in doubt and
 * divergences (the Vigia, run by the job runner and on data changes), the users' notifications and e-mails.
 */
export { alertasRoutes } from './routes';
export { Vigia, alertasJobs, EMAIL_JOB, VERIFICAR_JOB, type VigiaDeps } from './vigia';
export { setUserEmail } from './notificacoes';
