import { and, eq, ne, sql } from 'drizzle-orm';
import type { MotivoNotificacao, TipoAlerta } from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { alertas } from '../../db/schema';
import { insertNotificacoes, type Destinatarios } from './destinatarios';

/**
 * The one state machine of every alert type (issue 31). A check observes its subjects (an operation and its quote,
 * a terminal's status, a leg in doubt…) and hands the observations here; this opens, fires, repeats and resolves
 * the alerts, the same way for all. Several instances may run it at once on one database: a firing is an insert
 * of a unique (tipo, chave, episodio), and every later change a compare-and-set on the alert's `avisos` (its
 * notification round) as read, so that exactly one writer wins each change and only the winner notifies, in the
 * same transaction.
 */

/** What an alert is about, as its row stores it. */
export interface Assunto {
  cliente_id?: number | null;
  operacao_id?: number | null;
  order_group_id?: string | null;
  evento_id?: number | null;
  regra_id?: number | null;
  /** A preco alert is its rule owner's only. */
  user_id?: number | null;
  ticker?: string | null;
  nivel?: string | null;
  cotacao?: string | null;
}

export interface Observacao {
  /** The subject ('operacao:12'); at most one alert of a type and subject is open at a time. */
  chave: string;
  /**
   * A fixed episode: fires once per episode, ever (a rule's arming, an ex-date's moment). Without it each new
   * occurrence after a resolution is the next number.
   */
  episodio?: string;
  assunto: Assunto;
  /** What the alert says when it fires. */
  titulo: string;
  /** The condition holds: opens an alert, or keeps a pending one counting its minimum time. */
  dispara: boolean;
  /** A fired alert is over (re-armed, back online). Subjects no longer observed are over too, silently. */
  encerra: boolean;
  /** Said when it is over (a terminal back online); without it the end is silent. */
  tituloResolvido?: string;
}

export interface Regra {
  tipo: TipoAlerta;
  /** How long the condition must hold before it fires (0: at once). */
  minimoSegundos: number;
  /** Said again this often while it lasts (null: once). */
  repetirSegundos: number | null;
  /** Whether a repeat may go now (the terminals': during B3's session only). */
  repetirAgora?: (now: Date) => boolean;
}

export interface Contexto {
  db: Db;
  now: Date;
  destinatarios: Destinatarios;
  /** Notifications made with an e-mail to send, this run. */
  emails: number;
  /** Notifications made, this run. */
  notificacoes: number;
}

interface Aberto {
  id: number;
  chave: string;
  estado: 'pendente' | 'disparado';
  desde: Date;
  ultimo_aviso_em: Date | null;
  avisos: number;
  reconhecido: boolean;
  adiado_ate: Date | null;
  cliente_id: number | null;
  user_id: number | null;
}

const segundosDesde = (a: Date | null, now: Date) =>
  a === null ? Infinity : (now.getTime() - a.getTime()) / 1000;

async function selectAbertos(db: Db, tipo: TipoAlerta): Promise<Aberto[]> {
  return (await db
    .select({
      id: alertas.id,
      chave: alertas.chave,
      estado: alertas.estado,
      desde: alertas.desde,
      ultimo_aviso_em: alertas.ultimo_aviso_em,
      avisos: alertas.avisos,
      reconhecido: alertas.reconhecido,
      adiado_ate: alertas.adiado_ate,
      cliente_id: alertas.cliente_id,
      user_id: alertas.user_id,
    })
    .from(alertas)
    .where(and(eq(alertas.tipo, tipo), ne(alertas.estado, 'resolvido')))) as Aberto[];
}

/**
 * Applies one check's observations of a type. `escopo` says which open alerts the observations cover (a
 * reconciliation covers the clients it asked); by default every open alert of the type, and those whose subject was
 * not observed are over.
 */
export async function aplicar(
  ctx: Contexto,
  regra: Regra,
  observacoes: readonly Observacao[],
  escopo: (a: { cliente_id: number | null }) => boolean = () => true,
): Promise<void> {
  const abertos = new Map((await selectAbertos(ctx.db, regra.tipo)).map((a) => [a.chave, a]));
  for (const obs of observacoes) {
    const aberto = abertos.get(obs.chave);
    abertos.delete(obs.chave);
    if (!aberto) {
      if (obs.dispara) await abrir(ctx, regra, obs);
    } else if (aberto.estado === 'pendente') {
      if (!obs.dispara) await descartar(ctx, aberto);
      else if (segundosDesde(aberto.desde, ctx.now) >= regra.minimoSegundos)
        await disparar(ctx, regra, aberto, obs);
    } else if (obs.encerra) {
      await resolver(ctx, regra, aberto, obs.tituloResolvido);
    } else {
      await lembrar(ctx, regra, aberto, obs);
    }
  }
  for (const aberto of abertos.values()) {
    if (!escopo(aberto)) continue;
    if (aberto.estado === 'pendente') await descartar(ctx, aberto);
    else await resolver(ctx, regra, aberto, undefined);
  }
}

const adiado = (adiadoAte: Date | null, now: Date) =>
  adiadoAte !== null && adiadoAte.getTime() > now.getTime();

async function notificar(
  ctx: Contexto,
  tx: Tx,
  alerta: { id: number; user_id: number | null },
  tipo: TipoAlerta,
  aviso: number,
  motivo: MotivoNotificacao,
  titulo: string,
): Promise<void> {
  const feitas = await insertNotificacoes(tx, ctx.destinatarios, {
    alerta,
    tipo,
    aviso,
    motivo,
    titulo,
    now: ctx.now,
  });
  ctx.notificacoes += feitas.total;
  ctx.emails += feitas.emails;
}

/** A new occurrence: pending, or fired at once when it needs no minimum time. */
async function abrir(ctx: Contexto, regra: Regra, obs: Observacao): Promise<void> {
  const now = ctx.now.toISOString();
  const disparado = regra.minimoSegundos <= 0;
  const a = obs.assunto;
  const episodio =
    obs.episodio === undefined
      ? sql`(select (coalesce(max(episodio::int), 0) + 1)::text from alertas
             where tipo = ${regra.tipo} and chave = ${obs.chave})`
      : sql`${obs.episodio}`;
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  await ctx.destinatarios.list();
  await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into alertas (tipo, chave, episodio, estado, cliente_id, operacao_id, order_group_id, evento_id,
            regra_id, user_id, ticker, nivel, cotacao, titulo, desde, disparado_em, avisos, ultimo_aviso_em,
            created_at, updated_at)
          values (${regra.tipo}, ${obs.chave}, ${episodio}, ${disparado ? 'disparado' : 'pendente'},
            ${a.cliente_id ?? null}, ${a.operacao_id ?? null}, ${a.order_group_id ?? null}, ${a.evento_id ?? null},
            ${a.regra_id ?? null}, ${a.user_id ?? null}, ${a.ticker ?? null}, ${a.nivel ?? null},
            ${a.cotacao ?? null}, ${obs.titulo}, ${now}::timestamptz, ${disparado ? now : null}::timestamptz,
            ${disparado ? 1 : 0}, ${disparado ? now : null}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)
          on conflict (tipo, chave, episodio) do nothing
          returning id`,
    );
    if (row && disparado) {
      await notificar(
        ctx,
        tx,
        { id: row.id, user_id: a.user_id ?? null },
        regra.tipo,
        1,
        'disparo',
        obs.titulo,
      );
    }
  });
}

/** A pending occurrence whose condition broke before its minimum time: it never happened. */
async function descartar(ctx: Contexto, aberto: Aberto): Promise<void> {
  await ctx.db
    .delete(alertas)
    .where(and(eq(alertas.id, aberto.id), eq(alertas.estado, 'pendente')));
}

/** The compare-and-set every change after the firing makes: on the notification round read. */
async function avancar(
  tx: Tx,
  aberto: Aberto,
  set: Partial<typeof alertas.$inferInsert>,
  now: Date,
): Promise<{ avisos: number; adiado_ate: Date | null } | undefined> {
  const [row] = await tx
    .update(alertas)
    .set({ ...set, avisos: aberto.avisos + 1, updated_at: now })
    .where(
      and(
        eq(alertas.id, aberto.id),
        eq(alertas.estado, aberto.estado),
        eq(alertas.avisos, aberto.avisos),
      ),
    )
    .returning({ avisos: alertas.avisos, adiado_ate: alertas.adiado_ate });
  return row;
}

async function disparar(ctx: Contexto, regra: Regra, aberto: Aberto, obs: Observacao) {
  const { now } = ctx;
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  await ctx.destinatarios.list();
  await ctx.db.transaction(async (tx) => {
    const row = await avancar(
      tx,
      aberto,
      {
        estado: 'disparado',
        disparado_em: now,
        ultimo_aviso_em: now,
        titulo: obs.titulo,
        cotacao: obs.assunto.cotacao ?? null,
      },
      now,
    );
    // Snoozed while pending: held until the snooze ends (then said once if still firing).
    if (row && !adiado(row.adiado_ate, now)) {
      await notificar(ctx, tx, aberto, regra.tipo, row.avisos, 'disparo', obs.titulo);
    }
  });
}

/** A fired alert still firing: the end of its snooze, or its repeat when due. */
async function lembrar(ctx: Contexto, regra: Regra, aberto: Aberto, obs: Observacao) {
  const { now } = ctx;
  let motivo: MotivoNotificacao;
  let set: Partial<typeof alertas.$inferInsert>;
  if (aberto.adiado_ate !== null) {
    if (adiado(aberto.adiado_ate, now)) return;
    motivo = 'fim_adiamento';
    set = { adiado_ate: null, ultimo_aviso_em: now };
  } else {
    const repetir = regra.repetirSegundos;
    if (repetir === null || aberto.reconhecido) return;
    if (segundosDesde(aberto.ultimo_aviso_em, now) < repetir) return;
    if (regra.repetirAgora && !regra.repetirAgora(now)) return;
    motivo = 'repeticao';
    set = { ultimo_aviso_em: now, titulo: obs.titulo };
  }
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  await ctx.destinatarios.list();
  await ctx.db.transaction(async (tx) => {
    const row = await avancar(tx, aberto, set, now);
    // An acknowledged alert says nothing more until it resolves; its snooze just ends.
    if (row && !aberto.reconhecido) {
      const titulo =
        motivo === 'fim_adiamento' ? `Fim do adiamento: ${obs.titulo}` : `Continua: ${obs.titulo}`;
      await notificar(ctx, tx, aberto, regra.tipo, row.avisos, motivo, titulo);
    }
  });
}

async function resolver(
  ctx: Contexto,
  regra: Regra,
  aberto: Aberto,
  tituloResolvido: string | undefined,
): Promise<void> {
  const { now } = ctx;
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  await ctx.destinatarios.list();
  await ctx.db.transaction(async (tx) => {
    const row = await avancar(tx, aberto, { estado: 'resolvido', resolvido_em: now }, now);
    if (row && tituloResolvido !== undefined && !adiado(row.adiado_ate, now)) {
      await notificar(ctx, tx, aberto, regra.tipo, row.avisos, 'resolvido', tituloResolvido);
    }
  });
}
