import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum: 19 MiB of memory, 2 iterations, parallelism 1. `algorithm: 2` is the
// package's const enum Algorithm.Argon2id, which isolated modules cannot import.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check, so that unknown usernames cannot be told apart by timing. */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword('carteira-rv-no-such-user');
  await verifyPassword(await dummyHash, password);
}
