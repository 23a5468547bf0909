import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

function findBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort().reverse() : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin', name);
    if (fs.existsSync(bin)) return bin;
  }
  throw new Error(
    `PostgreSQL's ${name} was not found under ${root}: run tests/prerequisites.sh (npm test does).`,
  );
}

/**
 * Starts a throw-away PostgreSQL in a temporary directory for the API tests (TEST_PG_URL uses an existing
 * server instead). PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_PG_URL) {
    project.provide('pgUrl', process.env.TEST_PG_URL);
    return;
  }
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${path.basename(bin)} failed: ${result.stderr || result.stdout}`);
    }
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carteira-rv-pg-'));
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  run(findBin('initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  run(findBin('pg_ctl'), [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
    'start',
  ]);
  project.provide('pgUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  return () => {
    try {
      run(findBin('pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
