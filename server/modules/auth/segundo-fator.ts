import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { parseUuid } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { codigosRecuperacao, desafios2fa, users } from '../../db/schema';
import {
  hashRecoveryCode,
  isRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  totpStep,
} from './totp';

// The second factor's rows: a user's secret and last accepted step, the recovery codes, the login challenges.

/** How long the second step of a login may wait for its code. */
export const CHALLENGE_SECONDS = 300;
/**
 * Wrong codes one challenge takes before it is void; more than the login throttle's free failures (5 by default),
 * so that a guesser meets the throttle's waits (429) first, as at the password step.
 */
const CHALLENGE_FAILURES = 10;

/**
 * Accepts a code of the user's second factor, once: a TOTP code of a step later than the last accepted one, or an
 * unused recovery code (marked used). Each is a compare-and-set, so two requests with one code cannot both pass.
 */
export async function acceptCode(
  db: Db | Tx,
  user: { id: number; totp_segredo: string | null },
  codigo: string,
  now = Date.now(),
): Promise<'totp' | 'recuperacao' | null> {
  if (!user.totp_segredo) return null;
  if (isRecoveryCode(codigo)) {
    const used = await db
      .update(codigosRecuperacao)
      .set({ usado_em: new Date(now) })
      .where(
        and(
          eq(codigosRecuperacao.user_id, user.id),
          eq(codigosRecuperacao.hash, hashRecoveryCode(codigo)),
          isNull(codigosRecuperacao.usado_em),
        ),
      )
      .returning({ id: codigosRecuperacao.id });
    return used.length > 0 ? 'recuperacao' : null;
  }
  const step = totpStep(user.totp_segredo, codigo, now);
  if (step === null) return null;
  return (await takeStep(db, user.id, step)) ? 'totp' : null;
}

/** Records `step` as the last accepted one, only if it is later than the last (a replay changes nothing). */
async function takeStep(db: Db | Tx, userId: number, step: number): Promise<boolean> {
  const taken = await db
    .update(users)
    .set({ totp_ultimo_passo: step })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.totp_ultimo_passo), lt(users.totp_ultimo_passo, step)),
      ),
    )
    .returning({ id: users.id });
  return taken.length > 0;
}

/** A new secret waiting for its first code (any earlier one waiting is replaced); null when 2FA is already on. */
export async function startEnrolment(db: Db | Tx, user: { id: number; username: string }) {
  const fresh = newTotpSecret(user.username);
  const [row] = await db
    .update(users)
    .set({ totp_pendente: fresh.segredo })
    .where(and(eq(users.id, user.id), isNull(users.totp_segredo)))
    .returning({ id: users.id });
  return row ? fresh : null;
}

/**
 * Turns the second factor on with the secret waiting, if `codigo` is its current code: the old recovery codes go,
 * ten new ones are stored hashed and answered (to show once). 'sem_inscricao' when no secret waits, 'codigo' for
 * a wrong code.
 */
export async function confirmEnrolment(
  tx: Tx,
  userId: number,
  codigo: string,
  now = Date.now(),
): Promise<string[] | 'sem_inscricao' | 'ja_ativo' | 'codigo'> {
  const [user] = await tx
    .select({ pendente: users.totp_pendente, segredo: users.totp_segredo })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (user?.segredo) return 'ja_ativo';
  if (!user?.pendente) return 'sem_inscricao';
  const step = totpStep(user.pendente, codigo, now);
  if (step === null) return 'codigo';
  await tx
    .update(users)
    .set({
      totp_segredo: user.pendente,
      totp_pendente: null,
      totp_ativo_em: new Date(now),
      totp_ultimo_passo: step,
    })
    .where(eq(users.id, userId));
  const codes = newRecoveryCodes();
  await tx.delete(codigosRecuperacao).where(eq(codigosRecuperacao.user_id, userId));
  await tx
    .insert(codigosRecuperacao)
    .values(codes.map((c) => ({ user_id: userId, hash: hashRecoveryCode(c) })));
  return codes;
}

/** Turns the second factor off: secret, pending enrolment, last step and recovery codes gone. */
export async function removeSecondFactor(db: Db | Tx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ totp_segredo: null, totp_pendente: null, totp_ativo_em: null, totp_ultimo_passo: null })
    .where(eq(users.id, userId));
  await db.delete(codigosRecuperacao).where(eq(codigosRecuperacao.user_id, userId));
}

/** A challenge for the second step of the user's login (expired ones are cleared as new ones come). */
export async function createChallenge(db: Db, userId: number): Promise<string> {
  await db.delete(desafios2fa).where(lt(desafios2fa.expires_at, sql`now()`));
  const id = crypto.randomUUID();
  await db.insert(desafios2fa).values({
    id,
    user_id: userId,
    expires_at: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
  return id;
}

/** The user a live challenge is for, or null (unknown, malformed, expired, used). */
export async function challengeUser(db: Db, desafio: string): Promise<number | null> {
  const id = parseUuid(desafio);
  if (!id) return null;
  const [row] = await db
    .select({ userId: desafios2fa.user_id })
    .from(desafios2fa)
    .where(and(eq(desafios2fa.id, id), gt(desafios2fa.expires_at, sql`now()`)));
  return row?.userId ?? null;
}

/** Takes the challenge (single use): false when another request took it first or it expired meanwhile. */
export async function consumeChallenge(tx: Tx, desafio: string): Promise<boolean> {
  const taken = await tx
    .delete(desafios2fa)
    .where(and(eq(desafios2fa.id, desafio), gt(desafios2fa.expires_at, sql`now()`)))
    .returning({ id: desafios2fa.id });
  return taken.length > 0;
}

/** A wrong code on the challenge: past CHALLENGE_FAILURES it is void (the password is asked again). */
export async function failChallenge(db: Db, desafio: string): Promise<void> {
  const [row] = await db
    .update(desafios2fa)
    .set({ falhas: sql`${desafios2fa.falhas} + 1` })
    .where(eq(desafios2fa.id, desafio))
    .returning({ falhas: desafios2fa.falhas });
  if (row && row.falhas >= CHALLENGE_FAILURES) {
    await db.delete(desafios2fa).where(eq(desafios2fa.id, desafio));
  }
}
