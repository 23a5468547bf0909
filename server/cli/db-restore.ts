import fs from 'node:fs';
import { loadConfig } from '../config';
import { BackupError } from '../db/backup-archive';
import { restorePglite } from '../db/backup-pglite';
import { restorePostgres } from '../db/backup-postgres';
import { restrictUmask } from '../db/data-dir';
import { fileArgument, runCommand } from './run';

const USAGE =
  'Usage: npm run db:restore -- FILE [--force]   (into an empty DATA_DIR, or the empty database of ' +
  'DATABASE_URL; --force replaces what is there)';

async function main(): Promise<number> {
  const args = fileArgument(USAGE);
  if (!args) return 2;
  restrictUmask();
  const { file, force } = args;
  if (!fs.existsSync(file)) {
    console.error(`${file} does not exist.`);
    return 2;
  }
  const config = loadConfig();
  try {
    const { counts } = config.databaseUrl
      ? await restorePostgres(config.databaseUrl, file, force)
      : await restorePglite(config.dataDir, file, force);
    const where = config.databaseUrl ? 'the database of DATABASE_URL' : config.dataDir;
    console.log(
      `Restored ${file} into ${where}: ${counts.clientes} client(s), ${counts.operacoes} operation(s), ` +
        `${counts.users} user(s). Start the server as usual: it applies this version's migrations if the ` +
        'backup is older.',
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

runCommand(main);
