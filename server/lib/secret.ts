import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { securePrivateDir } from '../db/data-dir';

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
