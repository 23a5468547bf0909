import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { acoesRoutes } from './modules/acoes';
import { auditoriaRoutes } from './modules/auditoria';
import { Vigia, alertasRoutes } from './modules/alertas';
import { authRoutes, createAuthService, type AuthService } from './modules/auth';
import { carteiraRoutes } from './modules/carteira';
import { StatusMonitor, clientesRoutes } from './modules/clientes';
import { conciliacaoRoutes } from './modules/conciliacao';
import { cotacoesRoutes } from './modules/cotacoes';
import { eventosRoutes } from './modules/eventos';
import { importacaoRoutes } from './modules/importacao';
import { inicioRoutes } from './modules/inicio';
import { irRoutes } from './modules/ir';
import { createLotesServices, lotesRoutes, type LotesServices } from './modules/lotes';
import { modelosRoutes } from './modules/modelos';
import { operacoesRoutes } from './modules/operacoes';
import { ordensRoutes } from './modules/ordens';
import { painelRoutes } from './modules/painel';
import { recomendacoesRoutes } from './modules/recomendacoes';
import { relatorioRoutes } from './modules/relatorio';
import { rentabilidadeRoutes } from './modules/rentabilidade';
import { sistemaRoutes } from './modules/sistema';
import { serverJobs } from './jobs';
import { JobRunner, type JobClaim } from './lib/jobs';
import { Lifecycle } from './lib/lifecycle';
import { createMetrics, type Metrics } from './lib/metrics';
import type { SharedSecrets } from './lib/secret';
import { createQuoteService, type QuoteService } from './lib/quotes';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { docsPlugin } from './plugins/docs';
import { lifecyclePlugin } from './plugins/lifecycle';
import { metricsPlugin } from './plugins/metrics';
import { requestLogPlugin } from './plugins/request-log';
import { clientErrorHandler, errorHandler, frameworkErrors } from './plugins/error-handler';
import { securityPlugin } from './plugins/security';
import { spaPlugin } from './plugins/spa';

export interface AppDeps {
  config: Config;
  db: Db;
  auth: AuthService;
  quotes: QuoteService;
  lifecycle: Lifecycle;
  metrics: Metrics;
  /** The background tasks (server/jobs.ts): started when the app is ready, stopped when it closes. */
  jobs: JobRunner;
  /** The lotes' services, shared by their routes and their follower job. */
  lotes: LotesServices;
  /** Every client's MT5 status, shared by its route and its job. */
  mt5Status: StatusMonitor;
  /** The alerts' checks and e-mails (issue 31), shared by their routes and their jobs. */
  vigia: Vigia;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** With PostgreSQL: the instances' shared secrets (JWT, agent-token key), read again after a rotation. */
  secrets?: SharedSecrets;
  /** The built SPA (default: config.spaDir); null serves the API alone. */
  spaDir?: string | null;
  logger?: boolean;
  /** Where the log's lines go (default: stdout); a test reads them here. */
  logStream?: { write: (line: string) => void };
  /**
   * Who runs each background task now (server/lib/jobs.ts); default: this process, always. Several instances on
   * one database plug in a lease here.
   */
  jobClaim?: JobClaim;
  /** Check answers sent as ready-made JSON against their schemas too (tests; it costs a parse per answer). */
  checkAnswers?: boolean;
  /** The alerts' clock (default: the system's); the tests drive the minutes with a fake one. */
  now?: () => Date;
}

/** A number of proxy hops as the function Fastify takes (its types have no number, which its runtime accepts). */
const trustProxyOption = (value: Config['trustProxy']) => {
  if (typeof value !== 'number') return value;
  return (_address: string, hop: number) => hop < value;
};

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
    // One line per request (plugins/request-log.ts), not Fastify's two (through the log controller: the top-level
    // option is deprecated and printed a warning at every start).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // TRUST_PROXY: whose X-Forwarded-For is the client's address (the login throttle, the audit, /metrics).
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    // Requests are never left hanging on a stuck client.
    requestTimeout: 120_000,
    return503OnClosing: true,
    // What Fastify and Node refuse before the error handler runs answers `{detail}` too.
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('checkAnswers', opts.checkAnswers ?? false);
  const { db } = opts.database;
  const metrics = createMetrics();
  const quotes = createQuoteService({ config, db: opts.database.db });
  const jobs = new JobRunner({
    log: app.log,
    claim: opts.jobClaim,
    observe: (task, outcome, seconds) => {
      metrics.taskRuns.inc({ task, outcome });
      metrics.taskDuration.observe({ task, outcome }, seconds);
    },
  });
  app.decorate('deps', {
    config,
    db,
    auth: createAuthService({
      db: opts.database.db,
      config,
      jwtSecret: opts.jwtSecret,
      secrets: opts.secrets,
    }),
    quotes,
    lifecycle: new Lifecycle(),
    metrics,
    jobs,
    // Built once per app, handed to the routes and to the jobs.
    lotes: createLotesServices(db, config, app.log),
    mt5Status: new StatusMonitor(db, config, (err) =>
      app.log.warn({ err }, 'MT5 status check failed'),
    ),
    vigia: new Vigia({ db, config, quotes, jobs, log: app.log, now: opts.now }),
  });
  jobs.add(...serverJobs(app.deps, app.log));
  app.addHook('onReady', async () => jobs.start());
  // Before the database closes (server/main.ts closes it after the app): the runs under way end first.
  app.addHook('onClose', () => jobs.stop());

  await app.register(errorHandler);
  await app.register(lifecyclePlugin);
  await app.register(metricsPlugin, { pool: opts.database.poolStats });
  await app.register(requestLogPlugin);
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(ordensRoutes);
      await api.register(lotesRoutes);
      await api.register(operacoesRoutes);
      await api.register(acoesRoutes);
      await api.register(irRoutes);
      await api.register(rentabilidadeRoutes);
      await api.register(relatorioRoutes);
      await api.register(carteiraRoutes);
      await api.register(cotacoesRoutes);
      await api.register(painelRoutes);
      await api.register(recomendacoesRoutes);
      await api.register(importacaoRoutes);
      await api.register(clientesRoutes);
      await api.register(eventosRoutes);
      await api.register(conciliacaoRoutes);
      await api.register(sistemaRoutes);
      await api.register(auditoriaRoutes);
      await api.register(alertasRoutes);
      await api.register(modelosRoutes);
      await api.register(inicioRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(spaPlugin, {
    spaDir: opts.spaDir === undefined ? config.spaDir : opts.spaDir,
  });
  return app;
}
