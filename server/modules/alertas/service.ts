import { and, eq, ne, sql } from 'drizzle-orm';
import {
  ACAO_DA_REGRA_DESCONHECIDA,
  ADIAR_DIAS_MAXIMOS,
  ADIAR_LONGE_DEMAIS,
  ADIAR_NO_PASSADO,
  ALERTA_JA_RESOLVIDO,
  ALERTA_NAO_ENCONTRADO,
  REGRA_ARMADA,
  REGRA_DUPLICADA,
  REGRA_NAO_ENCONTRADA,
  type Alerta,
  type RegraPreco,
  type RegraPrecoInput,
} from '../../../contract';
import type { Db } from '../../db/client';
import { alertaRegras, alertas } from '../../db/schema';
import { audit } from '../../lib/audit';
import { conflict, invalidFields, notFound, unauthenticated } from '../../lib/http-error';
import { findAcaoPorTicker } from '../acoes';
import { selectAlertas, selectRegras, userIdOf, type FiltroAlertas } from './repository';

/** The alerts' endpoints (issue 31): the list, acknowledge, snooze, and the users' price rules. */

export interface AlertasContexto {
  db: Db;
  /** The alerts' clock (the same the checks use). */
  now: () => Date;
  /** A check soon, after a rule is created or armed again (it may already be crossed). */
  check: () => void;
}

/** The user behind a live session; gone only if deleted meanwhile (the session would be gone too). */
export async function requireUserId(db: Db, username: string): Promise<number> {
  const id = await userIdOf(db, username);
  if (id === undefined) throw unauthenticated();
  return id;
}

export async function listAlertas(
  ctx: AlertasContexto,
  username: string,
  query: Omit<FiltroAlertas, 'userId' | 'id'>,
): Promise<Alerta[]> {
  const userId = await requireUserId(ctx.db, username);
  return selectAlertas(ctx.db, { userId, ...query });
}

async function alertaVisivel(ctx: AlertasContexto, userId: number, id: number): Promise<Alerta> {
  const [alerta] = await selectAlertas(ctx.db, { userId, id });
  if (!alerta) throw notFound(ALERTA_NAO_ENCONTRADO);
  return alerta;
}

/** No more repeats; it still resolves. Acknowledged twice keeps the first. */
export async function reconhecerAlerta(
  ctx: AlertasContexto,
  username: string,
  id: number,
): Promise<Alerta> {
  const userId = await requireUserId(ctx.db, username);
  const antes = await alertaVisivel(ctx, userId, id);
  if (!antes.reconhecido) {
    const now = ctx.now();
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(alertas)
        .set({ reconhecido: true, reconhecido_por: username, reconhecido_em: now, updated_at: now })
        .where(and(eq(alertas.id, id), eq(alertas.reconhecido, false)))
        .returning({ id: alertas.id });
      if (row) {
        await audit(tx, {
          username,
          action: 'reconhecer',
          entity: 'alerta',
          entityId: id,
          before: { reconhecido: false },
          after: { reconhecido: true },
        });
      }
    });
  }
  return alertaVisivel(ctx, userId, id);
}

/** Nothing is sent until `ate`; still firing then, it notifies once. */
export async function adiarAlerta(
  ctx: AlertasContexto,
  username: string,
  id: number,
  ateTexto: string,
): Promise<Alerta> {
  const userId = await requireUserId(ctx.db, username);
  const antes = await alertaVisivel(ctx, userId, id);
  const now = ctx.now();
  const ate = new Date(ateTexto);
  if (ate.getTime() <= now.getTime()) throw invalidFields({ ate: ADIAR_NO_PASSADO });
  if (ate.getTime() > now.getTime() + ADIAR_DIAS_MAXIMOS * 86_400_000) {
    throw invalidFields({ ate: ADIAR_LONGE_DEMAIS });
  }
  if (antes.estado === 'resolvido') throw conflict(ALERTA_JA_RESOLVIDO);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(alertas)
      .set({ adiado_ate: ate, updated_at: now })
      .where(and(eq(alertas.id, id), ne(alertas.estado, 'resolvido')))
      .returning({ id: alertas.id });
    if (!row) throw conflict(ALERTA_JA_RESOLVIDO);
    await audit(tx, {
      username,
      action: 'adiar',
      entity: 'alerta',
      entityId: id,
      before: { adiado_ate: antes.adiado_ate },
      after: { adiado_ate: ate.toISOString() },
    });
  });
  return alertaVisivel(ctx, userId, id);
}

export async function listRegras(ctx: AlertasContexto, username: string): Promise<RegraPreco[]> {
  return selectRegras(ctx.db, await requireUserId(ctx.db, username));
}

export async function createRegra(
  ctx: AlertasContexto,
  username: string,
  input: RegraPrecoInput,
): Promise<RegraPreco> {
  const userId = await requireUserId(ctx.db, username);
  const acao = await findAcaoPorTicker(ctx.db, input.ticker);
  if (!acao) throw invalidFields({ ticker: ACAO_DA_REGRA_DESCONHECIDA });
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(alertaRegras)
      .values({
        user_id: userId,
        acao_id: acao.id,
        direcao: input.direcao,
        nivel: String(input.nivel),
      })
      .onConflictDoNothing()
      .returning({ id: alertaRegras.id });
    if (!row) throw conflict(REGRA_DUPLICADA);
    await audit(tx, {
      username,
      action: 'create',
      entity: 'alerta_regra',
      entityId: row.id,
      after: input,
    });
    return row.id;
  });
  ctx.check();
  return (await selectRegras(ctx.db, userId, id))[0]!;
}

/** A rule that fired arms again: its next crossing is a new episode; the fired alert is over. */
export async function rearmarRegra(
  ctx: AlertasContexto,
  username: string,
  id: number,
): Promise<RegraPreco> {
  const userId = await requireUserId(ctx.db, username);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const [regra] = await tx
      .select()
      .from(alertaRegras)
      .where(and(eq(alertaRegras.id, id), eq(alertaRegras.user_id, userId)))
      .for('update');
    if (!regra) throw notFound(REGRA_NAO_ENCONTRADA);
    const [atual] = await selectRegras(tx, userId, id);
    if (atual!.armada) throw conflict(REGRA_ARMADA);
    await tx
      .update(alertaRegras)
      .set({ rearmes: regra.rearmes + 1 })
      .where(eq(alertaRegras.id, id));
    await tx
      .update(alertas)
      .set({
        estado: 'resolvido',
        resolvido_em: now,
        updated_at: now,
        avisos: sql`${alertas.avisos} + 1`,
      })
      .where(
        and(
          eq(alertas.tipo, 'preco'),
          eq(alertas.chave, `regra:${id}`),
          ne(alertas.estado, 'resolvido'),
        ),
      );
    await audit(tx, {
      username,
      action: 'rearmar',
      entity: 'alerta_regra',
      entityId: id,
      before: { rearmes: regra.rearmes },
      after: { rearmes: regra.rearmes + 1 },
    });
  });
  ctx.check();
  return (await selectRegras(ctx.db, userId, id))[0]!;
}

export async function deleteRegra(
  ctx: AlertasContexto,
  username: string,
  id: number,
): Promise<void> {
  const userId = await requireUserId(ctx.db, username);
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(alertaRegras)
      .where(and(eq(alertaRegras.id, id), eq(alertaRegras.user_id, userId)))
      .returning();
    if (!removed) throw notFound(REGRA_NAO_ENCONTRADA);
    await audit(tx, {
      username,
      action: 'delete',
      entity: 'alerta_regra',
      entityId: id,
      before: removed,
    });
  });
  // Its open alert, if any, is over at the next check (its subject is gone).
  ctx.check();
}
