import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError, isPgDumpArchive } from './backup-archive';
import { restoredCounts } from './backup-pglite';

/*
 * PostgreSQL's backups are its own tools' (decision 0011): pg_dump's custom format, read by pg_restore. pg_dump
 * copies one snapshot of the database while the servers go on writing.
 */

interface Tool {
  file: string;
  major: number;
}

/** Where PostgreSQL's client programs may be: PATH, then Debian's and Red Hat's folders per version. */
function candidates(name: string): string[] {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const versions = (base: string, pattern: RegExp, bin: (entry: string) => string) => {
    try {
      for (const entry of fs.readdirSync(base)) if (pattern.test(entry)) dirs.push(bin(entry));
    } catch {
      // Not this system's layout.
    }
  };
  versions('/usr/lib/postgresql', /^\d+$/, (v) => `/usr/lib/postgresql/${v}/bin`);
  versions('/usr', /^pgsql-\d+$/, (v) => `/usr/${v}/bin`);
  const files = dirs.map((dir) => path.join(dir, name));
  return [...new Set(files)].filter((file) => fs.existsSync(file));
}

async function majorVersion(file: string): Promise<number | null> {
  try {
    const { stdout } = await promisify(execFile)(file, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * The newest pg_dump or pg_restore found: it must be the server's major version or newer (an older pg_dump refuses
 * a newer server; PostgreSQL's tools read what older ones wrote).
 */
export async function findTool(name: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<Tool> {
  const found: Tool[] = [];
  for (const file of candidates(name)) {
    const major = await majorVersion(file);
    if (major) found.push({ file, major });
  }
  const fit = found.filter((t) => t.major >= serverMajor).sort((a, b) => b.major - a.major)[0];
  if (fit) return fit;
  const install =
    `install PostgreSQL ${serverMajor}'s client tools (Debian, Ubuntu: apt-get install postgresql-client-${serverMajor}, ` +
    'or the postgresql package)';
  throw new BackupError(
    found.length
      ? `${name} ${found.map((t) => `${t.major} (${t.file})`).join(', ')} is older than the server (PostgreSQL ${serverMajor}): ${install}.`
      : `${name} was not found on PATH nor in /usr/lib/postgresql/*/bin: ${install}.`,
  );
}

/** The URL without its password (the command line is visible to every user of the machine) and the password apart. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv; name: string } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password && { PGPASSWORD: password }) },
    name: decodeURIComponent(parsed.pathname.slice(1)),
  };
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(
            new BackupError(`${path.basename(file)} failed (exit ${code}):\n${stderr.trim()}`),
          ),
    );
  });
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function serverMajor(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    "select current_setting('server_version_num')::int / 10000 as n",
  );
  return rows[0]!.n;
}

/** pg_dump's custom format into `file` (whole or not at all), while the servers go on. */
export async function backupPostgres(url: string, file: string): Promise<{ bytes: number }> {
  const major = await withClient(url, serverMajor);
  const tool = await findTool('pg_dump', major);
  const { dbname, env } = connection(url);
  const tmp = `${file}.tmp-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  try {
    await run(tool.file, ['--format=custom', '--file', tmp, '--dbname', dbname], env);
    // On disk before it takes the backup's name: a power cut never leaves a partial file under it.
    const fd = fs.openSync(tmp, 'r+');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return { bytes: fs.statSync(file).size };
}

/**
 * What a database holds besides PostgreSQL's own: the drop statements that empty it. Every schema but public
 * goes whole (drizzle's, and any other); in public, its tables, views, sequences, routines and types. Objects an
 * extension brought stay with it.
 */
const CONTENTS = `
  select format('drop schema %I cascade', nspname) as statement
    from pg_namespace where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%'
  union all
  select format('drop %s if exists public.%I cascade',
      case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
        when 'f' then 'foreign table' else 'table' end, c.relname)
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid
        and d.deptype = 'e')
  union all
  select format('drop routine if exists public.%I(%s) cascade', p.proname, pg_get_function_identity_arguments(p.oid))
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid
        and d.deptype = 'e')
  union all
  select format('drop %s if exists public.%I cascade', case t.typtype when 'd' then 'domain' else 'type' end,
      t.typname)
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'public'
      and (t.typtype in ('e', 'd', 'r') or (t.typtype = 'c' and (select relkind from pg_class where oid = t.typrelid) = 'c'))
      and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid
        and d.deptype = 'e')`;

/**
 * pg_restore of a pg_dump archive into the database of `url`: an empty one, or (force) one whose contents are
 * dropped first, once nobody else is connected to it. One transaction: a restore that fails leaves the database
 * as it was before pg_restore (empty, with force).
 */
export async function restorePostgres(
  url: string,
  file: string,
  force: boolean,
): Promise<{ counts: Record<string, number> }> {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  fs.readSync(fd, head, 0, 5, 0);
  fs.closeSync(fd);
  if (!isPgDumpArchive(head)) {
    throw new BackupError(
      head[0] === 0x1f && head[1] === 0x8b
        ? `${file} is a backup of the embedded database: restore it with DATABASE_URL unset (into DATA_DIR).`
        : `${file} is not a pg_dump archive (custom format).`,
    );
  }
  const { dbname, env, name } = connection(url);
  const major = await withClient(url, async (client) => {
    const { rows } = await client.query<{ statement: string }>(CONTENTS);
    if (rows.length > 0 && !force) {
      throw new BackupError(
        `The database "${name}" is not empty (${rows.length} schemas, tables, routines or types): restoring ` +
          'would replace them. Restore into an empty database (createdb), or add --force to replace its contents.',
      );
    }
    if (rows.length > 0) {
      const others = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      if (others.rows[0]!.n > 0) {
        throw new BackupError(
          `${others.rows[0]!.n} other session(s) are connected to "${name}" (a server still running?): stop them ` +
            'before replacing the database.',
        );
      }
      await client.query('begin');
      for (const { statement } of rows) await client.query(statement);
      await client.query('commit');
    }
    return serverMajor(client);
  });
  const tool = await findTool('pg_restore', major);
  await run(
    tool.file,
    ['--dbname', dbname, '--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', file],
    env,
  );
  return {
    counts: await withClient(url, (client) => restoredCounts((text) => client.query(text))),
  };
}
