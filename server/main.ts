import { count } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { serveBackupRequests } from './db/backup-requests';
import { DatabaseOpenError, openDatabase, type Database } from './db/client';
import { DataDirLockedError } from './db/lock';
import { listen } from './db/notifications';
import { acoes, users } from './db/schema';
import { resolveJwtSecret, resolveMt5TokenKey, SharedSecrets } from './lib/secret';
import { ACCEPT_NEW_SECRETS, loadSharedSecrets, SecretsMismatchError } from './lib/shared-secrets';
import { INSTANCE } from './lib/instance';
import { leaseClaim, releaseLeases } from './lib/task-leases';
import { ensureInitialAdmin } from './modules/auth';
import { loadDemoData } from './seed/demo';
import { demoHoldings, startDemoSimulators } from './seed/demo-clientes';
import { comDivergenciasDemo } from './seed/demo-conciliacao';
import { loadReferenceData } from './seed/reference';

/**
 * The secrets this process signs tokens and seals agent tokens with: the environment's, else the data directory's
 * (the embedded database); with PostgreSQL, the ones every instance shares through the database.
 */
async function secretsFor(config: Config, database: Database): Promise<SharedSecrets> {
  if (!config.databaseUrl) {
    return SharedSecrets.fixed(
      resolveJwtSecret(config.jwtSecret, config.dataDir),
      resolveMt5TokenKey(config.mt5.tokenKey, config.dataDir),
    );
  }
  try {
    return await loadSharedSecrets(
      database.db,
      { JWT_SECRET: config.jwtSecret, MT5_TOKEN_KEY: config.mt5.tokenKey },
      { dataDir: config.dataDir, accept: process.env[ACCEPT_NEW_SECRETS] === '1' },
    );
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** The whole stop, signal to exit: under the 10 s a supervisor (systemd, Kubernetes) waits before it kills. */
const STOP_LIMIT_MS = 9_500;
/** How long the requests in flight may take to end before the listener closes anyway. */
const DRAIN_MS = 6_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    purpose: `server on port ${config.port}`,
  });
  const { db } = database;
  // Before any data is loaded or a request served.
  const secrets = await secretsFor(config, database);
  config.mt5.tokenKey = secrets.tokenKey;
  // A rotation (npm run secrets:rotate) reaches this instance at once: the database notifies every change.
  const secretsListener = config.databaseUrl
    ? listen(config.databaseUrl, 'carteira_secrets', () => {
        void secrets
          .refresh()
          .then(() => (config.mt5.tokenKey = secrets.tokenKey))
          .catch((err: unknown) => console.error('Could not read the shared secrets again:', err));
      })
    : null;
  // `npm run db:backup` asks this process for a copy of the embedded database it holds (decision 0011).
  const backups = serveBackupRequests(database, config.dataDir);

  const [userCount] = await db.select({ n: count() }).from(users);
  const isNewDatabase = (userCount?.n ?? 0) === 0;
  await loadReferenceData(db);
  if (isNewDatabase && config.demo) await loadDemoData({ db, config });
  const adminPassword = config.databaseUrl ? null : await ensureInitialAdmin(db);

  const app = await buildApp({
    config,
    database,
    jwtSecret: secrets.jwt.current,
    secrets: secrets.shared ? secrets : undefined,
    // Several instances on one PostgreSQL: each background task run by one of them at a time.
    jobClaim: config.databaseUrl ? leaseClaim(db, INSTANCE) : undefined,
  });

  // The demo clients' VMs point at these in-process MT5 agent simulators, trading at the demo quotes.
  const demoAgents = config.demo
    ? await startDemoSimulators(
        config,
        async () => {
          const tickers = await db.select({ ticker: acoes.ticker }).from(acoes);
          return app.deps.quotes.getQuotes(tickers.map((t) => t.ticker));
        },
        async () => comDivergenciasDemo(db, await demoHoldings(db)),
      )
    : null;

  let closingSince = 0;
  // Each step of the stop timed, so that a slow stop says where it waited.
  const step = async (signal: string, name: string, run: () => Promise<unknown>) => {
    const started = Date.now();
    await run();
    const took = Date.now() - started;
    if (took >= 1000) console.log(`${signal}: ${name} took ${took} ms`);
  };
  const shutdown = async (signal: string) => {
    if (closingSince) {
      // A process group signalled at once (npm, tsx and this process) delivers the same stop twice; only a
      // deliberate second signal, a moment later, skips the clean stop.
      if (Date.now() - closingSince < 2000) return;
      console.error(`${signal} again: exiting without a clean stop.`);
      process.exit(1);
    }
    closingSince = Date.now();
    console.log(`${signal}: stopping (finishing requests in flight)...`);
    // Whatever a step waits on, the process is gone within STOP_LIMIT_MS of the signal (a supervisor's kill would
    // otherwise come first, with no clean stop at all).
    setTimeout(() => {
      console.error(`${signal}: not stopped after ${STOP_LIMIT_MS} ms; exiting.`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    try {
      // Readiness turns 503 at once and new requests are answered 503 with Retry-After, while the listener stays
      // open (a closed port would reset a client's kept-alive connection) until those in flight have ended.
      app.deps.lifecycle.drain();
      await step(signal, 'requests in flight', () => app.deps.lifecycle.settled(DRAIN_MS));
      // A keep-alive connection busy at the stop (a long MT5 status check) would otherwise linger once idle.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      await step(signal, 'requests, jobs and reconcilers', () => app.close());
      clearInterval(sweep);
      await step(signal, 'demo MT5 agents', async () => demoAgents?.stop());
      await step(signal, 'backup in progress', () => backups.stop());
      await step(signal, 'database', async () => {
        await secretsListener?.close();
        if (config.databaseUrl) await releaseLeases(db, INSTANCE);
        await database.close();
      });
      console.log('Stopped cleanly.');
      process.exit(0);
    } catch (err) {
      console.error('Error while stopping:', err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : `embedded database in ${config.dataDir}`;
  // One write: whoever reads the output up to "is running" (a supervisor, the tests) has the password with it.
  console.log(
    `\nCarteira RV is running at http://localhost:${port}/ (${where})` +
      (isNewDatabase && adminPassword
        ? `\n\n  First start: created user "admin" with password: ${adminPassword}\n` +
          '  It is shown only this once. Change it with: npm run user:create -- --username admin\n'
        : ''),
  );
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof DatabaseOpenError ||
    err instanceof SecretsMismatchError
  ) {
    console.error(err.message);
  } else {
    console.error('Could not start the server:', err);
  }
  process.exit(1);
});
