import { count } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseOpenError, openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { users } from './db/schema';
import { resolveJwtSecret } from './lib/secret';
import { ensureInitialAdmin } from './modules/auth/users';
import { loadDemoData } from './seed/demo';
import { loadReferenceData } from './seed/reference';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    purpose: `server on port ${config.port}`,
  });
  const { db } = database;

  const [userCount] = await db.select({ n: count() }).from(users);
  const isNewDatabase = (userCount?.n ?? 0) === 0;
  await loadReferenceData(db);
  if (isNewDatabase && config.demo) await loadDemoData({ db, config });
  const adminPassword = config.databaseUrl ? null : await ensureInitialAdmin(db);

  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      console.error(`${signal} again: exiting without a clean stop.`);
      process.exit(1);
    }
    closing = true;
    console.log(`${signal}: stopping (finishing requests in flight)...`);
    try {
      await app.close();
      await database.close();
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
  console.log(`\nCarteira RV is running at http://localhost:${port}/ (${where})`);
  if (isNewDatabase && adminPassword) {
    console.log(
      `\n  First start: created user "admin" with password: ${adminPassword}\n` +
        '  It is shown only this once. Change it with: npm run user:create -- --username admin\n',
    );
  }
}

main().catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof DataDirLockedError ||
    err instanceof DatabaseOpenError
  ) {
    console.error(err.message);
  } else {
    console.error('Could not start the server:', err);
  }
  process.exit(1);
});
