import fs from 'node:fs';
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

export const MIN_PASSWORD_LENGTH = 12;

let common: Set<string> | undefined;

/** zxcvbn's 49,233 most common passwords (common-passwords.LICENSE.txt says where from), read on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return common;
}

export type PasswordProblem = 'too_short' | 'common';

/**
 * Why a new password is refused, or null. Common means a listed password, also with digits or symbols put
 * before or after it ("Flamengo2024!"), or a password of fewer than 5 different characters ("aaaaaaaaaaaa"):
 * the first things an attacker tries. Passwords already set are never checked again (logins still work).
 */
export function passwordProblem(password: string): PasswordProblem | null {
  const chars = [...password];
  if (chars.length < MIN_PASSWORD_LENGTH) return 'too_short';
  if (new Set(chars).size < 5) return 'common';
  const lower = password.toLowerCase();
  const head = lower.replace(/[^\p{L}]+$/u, '');
  const tail = lower.replace(/^[^\p{L}]+/u, '');
  const stems = [lower, head, tail, head.replace(/^[^\p{L}]+/u, '')];
  const list = commonPasswords();
  return stems.some((stem) => stem && list.has(stem)) ? 'common' : null;
}

export const PASSWORD_PROBLEM_MESSAGE: Record<PasswordProblem, string> = {
  too_short: `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
  common:
    'The password is too common (a well-known password, maybe with digits or symbols added, ' +
    'or too few different characters): choose another.',
};
