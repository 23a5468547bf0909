import crypto from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { instanceSecrets } from '../db/schema';
import { audit } from './audit';
import { dataDirSecretIfAny, newJwtSecret, newTokenKey, SharedSecrets } from './secret';

/** The variable that accepts, once, secrets other than the ones the database has seen. */
export const ACCEPT_NEW_SECRETS = 'ACEITAR_NOVOS_SEGREDOS';

export class SecretsMismatchError extends Error {}

type Name = 'JWT_SECRET' | 'MT5_TOKEN_KEY';
type Row = typeof instanceSecrets.$inferSelect;

/** How each secret is written in the database, and the file an older release kept it in. */
const KINDS: Record<Name, { file: string; generate: () => string }> = {
  JWT_SECRET: { file: 'jwt-secret', generate: newJwtSecret },
  MT5_TOKEN_KEY: { file: 'mt5-token-key', generate: newTokenKey },
};

/**
 * A secret's fingerprint: an HMAC keyed by the secret of a fixed label. It says whether two instances hold the same
 * secret, not what it is; guessing a secret from it is no easier than from a token the secret signed or sealed.
 */
export function fingerprint(name: string, secret: string | Buffer): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`carteira-rv:instance-secret:${name}`)
    .digest('base64url');
}

/** The key as the database writes it (base64), and back. */
const keyText = (key: Buffer) => key.toString('base64');
const keyOf = (text: string) => Buffer.from(text, 'base64');

export interface SecretsFromEnv {
  JWT_SECRET?: string | undefined;
  MT5_TOKEN_KEY?: Buffer | null | undefined;
}

/**
 * The secrets every instance on one PostgreSQL shares (issue 28). One given by the environment is used as it is,
 * and only its fingerprint is kept: an instance given another one refuses to start (until ACEITAR_NOVOS_SEGREDOS=1
 * accepts it once, audited). One not given is generated once and stored in the database, in one statement where the
 * first instance wins; every other instance reads it (a secret an older release generated in DATA_DIR is adopted
 * instead of a new one, so its agent tokens stay readable). `refresh` reads them again: a rotation reaches every
 * running instance.
 */
export async function loadSharedSecrets(
  db: Db,
  env: SecretsFromEnv,
  opts: { dataDir: string; accept: boolean },
): Promise<SharedSecrets> {
  const given: Record<Name, string | null> = {
    JWT_SECRET: env.JWT_SECRET ?? null,
    MT5_TOKEN_KEY: env.MT5_TOKEN_KEY ? keyText(env.MT5_TOKEN_KEY) : null,
  };
  for (const name of Object.keys(KINDS) as Name[]) {
    const value = given[name];
    if (value !== null) continue;
    const adopted = dataDirSecretIfAny(opts.dataDir, KINDS[name].file);
    const secret = adopted ?? KINDS[name].generate();
    await db
      .insert(instanceSecrets)
      .values({ name, fingerprint: fingerprint(name, secretBytes(name, secret)), value: secret })
      .onConflictDoNothing();
  }
  await checkGiven(db, given, opts.accept);
  const read = async () => stateOf(await db.select().from(instanceSecrets), given);
  return new SharedSecrets(await read(), read);
}

/** A secret's bytes as it signs or seals: the JWT secret's text, the token key's 32 bytes. */
const secretBytes = (name: Name, value: string): string | Buffer =>
  name === 'MT5_TOKEN_KEY' ? keyOf(value) : value;

function stateOf(rows: Row[], given: Record<Name, string | null>) {
  const values = (Object.keys(KINDS) as Name[]).map(
    (name) => [name, given[name] ?? rows.find((r) => r.name === name)?.value ?? null] as const,
  );
  const missing = values.filter(([, value]) => value === null).map(([name]) => name);
  if (missing.length) throw new SecretsMismatchError(setOnOthers(missing));
  const valueOf = (name: Name) => values.find(([n]) => n === name)![1]!;
  const jwtRow = rows.find((r) => r.name === 'JWT_SECRET');
  const previous =
    given.JWT_SECRET === null && jwtRow?.previous_value && jwtRow.previous_until
      ? { secret: jwtRow.previous_value, until: jwtRow.previous_until.getTime() }
      : null;
  return {
    jwt: valueOf('JWT_SECRET'),
    jwtPrevious: previous,
    tokenKey: keyOf(valueOf('MT5_TOKEN_KEY')),
  };
}

const setOnOthers = (names: Name[]) => {
  const vars = names.join(' and ');
  return (
    `${vars} ${names.length > 1 ? 'are' : 'is'} set on the other instances of this database (it holds only ` +
    `${names.length > 1 ? 'their fingerprints' : 'its fingerprint'}): set ${vars} here too, to the same value.`
  );
};

/** The given secrets against the fingerprints the database holds (see loadSharedSecrets). */
async function checkGiven(
  db: Db,
  given: Record<Name, string | null>,
  accept: boolean,
): Promise<void> {
  const mine = (Object.keys(given) as Name[])
    .filter((name) => given[name] !== null)
    .map((name) => ({
      name,
      fingerprint: fingerprint(name, secretBytes(name, given[name]!)),
      value: null,
    }));
  if (mine.length === 0) return;
  const differing = (stored: Row[]) =>
    mine
      .filter((m) => stored.find((s) => s.name === m.name)?.fingerprint !== m.fingerprint)
      .map((m) => m.name);
  if (accept) {
    await acceptGiven(db, mine, differing);
    return;
  }
  // The first instance's fingerprints stay: two starting at once on an empty table agree on one of them.
  await db.insert(instanceSecrets).values(mine).onConflictDoNothing();
  const names = differing(await db.select().from(instanceSecrets));
  if (names.length === 0) return;
  const vars = names.join(' and ');
  const [differ, ones] = names.length > 1 ? ['differ', 'ones'] : ['differs', 'one'];
  throw new SecretsMismatchError(
    `This instance's ${vars} ${differ} from the ${ones} already in use on this database: tokens the other ` +
      `instances issued would be refused here. Set ${vars} to the same value on every instance (or unset it ` +
      `everywhere: the database then keeps one for all). If ${vars} was changed on purpose on every instance, ` +
      `start one of them once with ${ACCEPT_NEW_SECRETS}=1 to accept the new value, then remove that variable.`,
  );
}

async function acceptGiven(
  db: Db,
  mine: Array<{ name: Name; fingerprint: string; value: null }>,
  differing: (stored: Row[]) => Name[],
): Promise<void> {
  const changed = await db.transaction(async (tx) => {
    const names = differing(await tx.select().from(instanceSecrets).for('update'));
    if (names.length === 0) return names;
    await tx
      .insert(instanceSecrets)
      .values(mine)
      .onConflictDoUpdate({
        target: instanceSecrets.name,
        // Given by the environment from now on: a value generated before is no one's any more.
        set: {
          fingerprint: sql`excluded.fingerprint`,
          accepted_at: sql`now()`,
          value: null,
          previous_value: null,
          previous_until: null,
        },
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
}

export class RotationRefused extends Error {}

/**
 * `npm run secrets:rotate -- jwt|mt5-token-key`, in one transaction. A new JWT secret signs from now on; the one it
 * replaces still verifies the tokens it signed until they expire. A new agent-token key re-seals every client's
 * own agent token (`reseal`). A secret given by the environment is rotated there, not here.
 */
export async function rotateSecret(
  db: Db,
  which: 'jwt' | 'mt5-token-key',
  opts: {
    jwtExpiresHours: number;
    username: string;
    reseal: (tx: Tx, from: Buffer, to: Buffer) => Promise<number>;
  },
): Promise<{ resealed: number }> {
  const name: Name = which === 'jwt' ? 'JWT_SECRET' : 'MT5_TOKEN_KEY';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(instanceSecrets)
      .where(eq(instanceSecrets.name, name))
      .for('update');
    if (!row?.value) {
      throw new RotationRefused(
        `${name} is given by the instances' environment: change it there on every instance, then start one ` +
          `of them once with ${ACCEPT_NEW_SECRETS}=1.`,
      );
    }
    const secret = KINDS[name].generate();
    const resealed =
      name === 'MT5_TOKEN_KEY' ? await opts.reseal(tx, keyOf(row.value), keyOf(secret)) : 0;
    await tx
      .update(instanceSecrets)
      .set({
        value: secret,
        fingerprint: fingerprint(name, secretBytes(name, secret)),
        accepted_at: sql`now()`,
        ...(name === 'JWT_SECRET'
          ? {
              previous_value: row.value,
              previous_until: sql`now() + ${opts.jwtExpiresHours}::int * interval '1 hour'`,
            }
          : {}),
      })
      .where(eq(instanceSecrets.name, name));
    await audit(tx, {
      username: opts.username,
      action: 'rotate_secret',
      entity: 'instance_secrets',
      entityId: name,
      after: { resealed },
    });
    return { resealed };
  });
}
