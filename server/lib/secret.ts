import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { securePrivateDir } from '../db/data-dir';
import { instanceSecrets } from '../db/schema';
import { audit } from './audit';

/** The JWT secret: JWT_SECRET when set, else one generated at the first start and kept in the data directory. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  // With PostgreSQL the data directory holds the secret alone: still nobody else's to read.
  securePrivateDir(dataDir);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/**
 * The key sealing the clients' own agent tokens: MT5_TOKEN_KEY when set, else 32 random bytes generated at the
 * first start and kept in the data directory (several instances on one PostgreSQL must share MT5_TOKEN_KEY).
 */
export function resolveMt5TokenKey(configured: Buffer | null, dataDir: string): Buffer {
  if (configured) return configured;
  securePrivateDir(dataDir);
  const file = path.join(dataDir, 'mt5-token-key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = crypto.randomBytes(32);
  fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}

/** The variable that accepts, once, secrets other than the ones the database has seen (see checkSharedSecrets). */
export const ACCEPT_NEW_SECRETS = 'ACEITAR_NOVOS_SEGREDOS';

export class SecretsMismatchError extends Error {}

/**
 * A secret's fingerprint: an HMAC keyed by the secret of a fixed label. It says whether two instances hold the same
 * secret, not what it is; guessing a secret from it is no easier than from a token the secret signed or sealed.
 */
function fingerprint(name: string, secret: string | Buffer): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`carteira-rv:instance-secret:${name}`)
    .digest('base64url');
}

/**
 * With PostgreSQL, instances must share JWT_SECRET (a token one signs, another checks) and MT5_TOKEN_KEY (an agent
 * token one seals, another opens). An instance started without them generates its own and would answer 401 to
 * the others' users. The first instance to start stores the fingerprints; a later one whose fingerprints differ
 * refuses to start, naming the variables to set alike everywhere.
 *
 * A deliberate change (rotating a secret on every instance, until `npm run secrets:rotate` exists) is accepted by
 * starting one instance once with ACEITAR_NOVOS_SEGREDOS=1: it overwrites the stored fingerprints, logs it and
 * records it in the audit log. The flag is then to be removed: left set, it would accept any secrets at every
 * start. Instances still running with the old secrets are not stopped; the operator restarts them with the new ones.
 * The embedded database has one process: nothing to share, nothing checked.
 */
export async function checkSharedSecrets(
  db: Db,
  secrets: { JWT_SECRET: string; MT5_TOKEN_KEY: Buffer },
  accept: boolean,
): Promise<void> {
  const mine = Object.entries(secrets).map(([name, secret]) => ({
    name,
    fingerprint: fingerprint(name, secret),
  }));
  const differing = (stored: { name: string; fingerprint: string }[]) =>
    mine
      .filter((m) => stored.find((s) => s.name === m.name)?.fingerprint !== m.fingerprint)
      .map((m) => m.name);
  if (accept) {
    const changed = await db.transaction(async (tx) => {
      const before = await tx.select().from(instanceSecrets).for('update');
      const names = differing(before);
      if (names.length === 0) return names;
      await tx
        .insert(instanceSecrets)
        .values(mine)
        .onConflictDoUpdate({
          target: instanceSecrets.name,
          set: { fingerprint: sql`excluded.fingerprint`, accepted_at: sql`now()` },
        });
      await audit(tx, {
        username: 'server',
        action: 'accept_secrets',
        entity: 'instance_secrets',
        after: { changed: names, host: os.hostname() },
      });
      return names;
    });
    console.warn(
      changed.length
        ? `${ACCEPT_NEW_SECRETS}=1: this instance's ${changed.join(' and ')} accepted as what every instance ` +
            'must share (the audit log records it). Remove the variable, and restart the other instances with ' +
            'the same value.'
        : `${ACCEPT_NEW_SECRETS}=1: the secrets are the ones already accepted; remove the variable.`,
    );
    return;
  }
  // The first instance's fingerprints stay: two starting at once on an empty table agree on one of them.
  await db.insert(instanceSecrets).values(mine).onConflictDoNothing();
  const names = differing(await db.select().from(instanceSecrets));
  if (names.length === 0) return;
  const vars = names.join(' and ');
  const [differ, ones, they] =
    names.length > 1 ? ['differ', 'ones', 'they are'] : ['differs', 'one', 'it is'];
  throw new SecretsMismatchError(
    `This instance's ${vars} ${differ} from the ${ones} already in use on this database (unset, ${they} ` +
      'generated in DATA_DIR, different on each instance): tokens the other instances issued would be refused ' +
      `here. Set ${vars} to the same value on every instance. If ${vars} was changed on purpose on every ` +
      `instance, start one of them once with ${ACCEPT_NEW_SECRETS}=1 to accept the new value, then remove that ` +
      'variable.',
  );
}
