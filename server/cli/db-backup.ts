import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError } from '../db/backup-archive';
import { backupClosedPglite, hasEmbeddedDatabase } from '../db/backup-pglite';
import { backupPostgres } from '../db/backup-postgres';
import { requestBackup } from '../db/backup-requests';
import { restrictUmask } from '../db/data-dir';
import { DataDirLockedError } from '../db/lock';
import { fileArgument, runCommand } from './run';

const USAGE = 'Usage: npm run db:backup -- FILE [--force]   (--force overwrites FILE if it exists)';
/** How long the running server may take to write the backup (a large database, a slow disk). */
const SERVER_TIMEOUT_MS = 10 * 60_000;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** The embedded database: copied by this command when no process has it open, else by the server that has. */
async function backupEmbedded(dataDir: string, file: string): Promise<string> {
  try {
    const { pausedMs } = await backupClosedPglite(dataDir, file);
    return `no server running; the copy took ${Math.round(pausedMs)} ms`;
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
  }
  const { pausedMs } = await requestBackup(dataDir, file, SERVER_TIMEOUT_MS);
  return `by the running server; its requests waited ${pausedMs} ms`;
}

async function main(): Promise<number> {
  const args = fileArgument(USAGE);
  if (!args) return 2;
  // The backup holds the password hashes and the keys of the agent tokens: the server's user's alone.
  restrictUmask();
  const { file, force } = args;
  if (fs.existsSync(file) && !force) {
    console.error(`${file} already exists: choose another name, or add --force to overwrite it.`);
    return 2;
  }
  if (!fs.existsSync(path.dirname(file))) {
    console.error(`The folder ${path.dirname(file)} does not exist.`);
    return 2;
  }
  const config = loadConfig();
  const started = Date.now();
  try {
    if (config.databaseUrl) {
      await backupPostgres(config.databaseUrl, file);
      console.log(
        `PostgreSQL backup (pg_dump, custom format) written to ${file}: ` +
          `${megabytes(fs.statSync(file).size)} in ${seconds(started)}.`,
      );
      return 0;
    }
    if (!hasEmbeddedDatabase(config.dataDir)) {
      console.error(`There is no embedded database in ${config.dataDir} (DATA_DIR) to back up.`);
      return 1;
    }
    const how = await backupEmbedded(config.dataDir, file);
    console.log(
      `Backup of ${config.dataDir} written to ${file}: ${megabytes(fs.statSync(file).size)} ` +
        `in ${seconds(started)} (${how}).`,
    );
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(err.message);
    return 1;
  }
}

runCommand(main);
