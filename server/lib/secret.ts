import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { securePrivateDir } from '../db/data-dir';

/** A secret kept in the data directory: read, or generated at the first start (0600, in a 0700 directory). */
function dataDirSecret(dataDir: string, file: string, generate: () => string): string {
  // With PostgreSQL the data directory holds the secret alone: still nobody else's to read.
  securePrivateDir(dataDir);
  const where = path.join(dataDir, file);
  try {
    return fs.readFileSync(where, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = generate();
  fs.writeFileSync(where, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** What an older release kept in the data directory, if anything: adopted by the database at the first start. */
function dataDirSecretIfAny(dataDir: string, file: string): string | null {
  try {
    return fs.readFileSync(path.join(dataDir, file), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

const newJwtSecret = () => crypto.randomBytes(48).toString('base64url');
const newTokenKey = () => crypto.randomBytes(32).toString('base64');

/** The JWT secret: JWT_SECRET when set, else one generated at the first start and kept in the data directory. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  return configured ?? dataDirSecret(dataDir, 'jwt-secret', newJwtSecret);
}

/**
 * The key sealing the clients' own agent tokens: MT5_TOKEN_KEY when set, else 32 random bytes generated at the
 * first start and kept in the data directory.
 */
export function resolveMt5TokenKey(configured: Buffer | null, dataDir: string): Buffer {
  return configured ?? Buffer.from(dataDirSecret(dataDir, 'mt5-token-key', newTokenKey), 'base64');
}

/** The JWT secrets a token may be signed with: the current one signs, a rotated one still verifies. */
export interface JwtKeys {
  current: string;
  /** The secret `npm run secrets:rotate -- jwt` replaced, until the last token it signed has expired. */
  previous: string | null;
}

interface SecretsState {
  jwt: string;
  jwtPrevious: { secret: string; until: number } | null;
  tokenKey: Buffer;
}

/**
 * The secrets this process uses now. Fixed on the embedded database (one process, its data directory); with
 * PostgreSQL, read again from the database (`refresh`) so that a rotation reaches every running instance.
 */
export class SharedSecrets {
  constructor(
    private state: SecretsState,
    private readonly reload: (() => Promise<SecretsState>) | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  static fixed(jwt: string, tokenKey: Buffer): SharedSecrets {
    return new SharedSecrets({ jwt, jwtPrevious: null, tokenKey });
  }

  get jwt(): JwtKeys {
    const previous = this.state.jwtPrevious;
    return {
      current: this.state.jwt,
      previous: previous && previous.until > this.now() ? previous.secret : null,
    };
  }

  get tokenKey(): Buffer {
    return this.state.tokenKey;
  }

  /** Whether the secrets can change while the process runs (PostgreSQL). */
  get shared(): boolean {
    return this.reload !== null;
  }

  /** Reads them again; answers whether any changed. */
  async refresh(): Promise<boolean> {
    if (!this.reload) return false;
    const next = await this.reload();
    const changed =
      next.jwt !== this.state.jwt ||
      next.jwtPrevious?.secret !== this.state.jwtPrevious?.secret ||
      !next.tokenKey.equals(this.state.tokenKey);
    this.state = next;
    return changed;
  }
}

export { dataDirSecretIfAny, newJwtSecret, newTokenKey };
