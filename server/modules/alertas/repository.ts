import { eq, sql } from 'drizzle-orm';
import {
  ALERTAS_LIMITE,
  NOTIFICACOES_LIMITE,
  type Alerta,
  type AssuntoAlerta,
  type EstadoAlerta,
  type Notificacao,
  type RegraPreco,
  type TipoAlerta,
} from '../../../contract';
import { price } from '../../../shared/decimal';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { users } from '../../db/schema';

/** The user's id by name (users are never renamed). */
export async function userIdOf(db: Db | Tx, username: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

interface AssuntoRow {
  cliente_id: number | null;
  cliente_nome: string | null;
  ticker: string | null;
  operacao_id: number | null;
  order_group_id: string | null;
  evento_id: number | null;
  regra_id: number | null;
}

const assuntoDe = (r: AssuntoRow): AssuntoAlerta => ({
  cliente: r.cliente_id,
  cliente_nome: r.cliente_nome,
  ticker: r.ticker,
  operacao: r.operacao_id,
  ordem: r.order_group_id,
  evento: r.evento_id,
  regra: r.regra_id,
});

const ASSUNTO = sql`a.cliente_id, c.nome as cliente_nome, a.ticker, a.operacao_id, a.order_group_id, a.evento_id,
  a.regra_id`;

interface AlertaRow extends AssuntoRow {
  id: number;
  tipo: TipoAlerta;
  estado: EstadoAlerta;
  titulo: string;
  nivel: string | null;
  cotacao: string | null;
  desde: Date | string;
  disparado_em: Date | string | null;
  resolvido_em: Date | string | null;
  reconhecido: boolean;
  reconhecido_por: string | null;
  reconhecido_em: Date | string | null;
  adiado_ate: Date | string | null;
}

const alertaDe = (r: AlertaRow): Alerta => ({
  id: r.id,
  tipo: r.tipo,
  estado: r.estado,
  critico: r.tipo === 'ordem_em_duvida',
  titulo: r.titulo,
  assunto: assuntoDe(r),
  nivel: price(r.nivel),
  cotacao: price(r.cotacao),
  desde: iso(r.desde)!,
  disparado_em: iso(r.disparado_em),
  resolvido_em: iso(r.resolvido_em),
  reconhecido: r.reconhecido,
  reconhecido_por: r.reconhecido_por,
  reconhecido_em: iso(r.reconhecido_em),
  adiado_ate: iso(r.adiado_ate),
});

export interface FiltroAlertas {
  userId: number;
  estado?: EstadoAlerta | undefined;
  tipo?: TipoAlerta | undefined;
  cliente?: number | undefined;
  id?: number;
}

/** The alerts a user sees (everyone's, and their own rules'), newest first. */
export async function selectAlertas(db: Db | Tx, f: FiltroAlertas): Promise<Alerta[]> {
  const rows = await queryRows<AlertaRow>(
    db,
    sql`select a.id, a.tipo, a.estado, a.titulo, a.nivel::text as nivel, a.cotacao::text as cotacao, a.desde,
          a.disparado_em, a.resolvido_em, a.reconhecido, a.reconhecido_por, a.reconhecido_em, a.adiado_ate,
          ${ASSUNTO}
        from alertas a left join clientes c on c.id = a.cliente_id
        where (a.user_id is null or a.user_id = ${f.userId})
          ${f.id === undefined ? sql`` : sql`and a.id = ${f.id}`}
          ${f.estado === undefined ? sql`` : sql`and a.estado = ${f.estado}`}
          ${f.tipo === undefined ? sql`` : sql`and a.tipo = ${f.tipo}`}
          ${f.cliente === undefined ? sql`` : sql`and a.cliente_id = ${f.cliente}`}
        order by a.id desc
        limit ${ALERTAS_LIMITE}`,
  );
  return rows.map(alertaDe);
}

interface NotificacaoRow extends AssuntoRow {
  id: number;
  alerta_id: number;
  tipo: TipoAlerta;
  motivo: Notificacao['motivo'];
  titulo: string;
  created_at: Date | string;
  lida: boolean;
  email: Notificacao['email'];
  email_tentativas: number;
}

/** A user's notifications, newest first; `naoLidas`: the unread only. */
export async function selectNotificacoes(
  db: Db,
  userId: number,
  naoLidas: boolean,
): Promise<Notificacao[]> {
  const rows = await queryRows<NotificacaoRow>(
    db,
    sql`select n.id, n.alerta_id, n.tipo, n.motivo, n.titulo, n.created_at, n.lida, n.email, n.email_tentativas,
          ${ASSUNTO}
        from notificacoes n
        join alertas a on a.id = n.alerta_id
        left join clientes c on c.id = a.cliente_id
        where n.user_id = ${userId} ${naoLidas ? sql`and not n.lida` : sql``}
        order by n.id desc
        limit ${NOTIFICACOES_LIMITE}`,
  );
  return rows.map((r) => ({
    id: r.id,
    alerta: r.alerta_id,
    tipo: r.tipo,
    critico: r.tipo === 'ordem_em_duvida',
    motivo: r.motivo,
    titulo: r.titulo,
    assunto: assuntoDe(r),
    criada_em: iso(r.created_at)!,
    lida: r.lida,
    email: r.email,
    email_tentativas: r.email_tentativas,
  }));
}

export async function countNaoLidas(db: Db, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notificacoes where user_id = ${userId} and not lida`,
  );
  return row?.n ?? 0;
}

/** Marks the user's notifications read (these ids, or all); answers how many were unread. */
export async function markLidas(
  db: Db,
  userId: number,
  ids: number[] | undefined,
): Promise<number> {
  if (ids !== undefined && ids.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update notificacoes set lida = true
        where user_id = ${userId} and not lida
          ${ids === undefined ? sql`` : sql`and id = any(${`{${ids.join(',')}}`}::int[])`}
        returning id`,
  );
  return rows.length;
}

interface RegraRow {
  id: number;
  ticker: string;
  direcao: 'acima' | 'abaixo';
  nivel: string;
  armada: boolean;
  disparada_em: Date | string | null;
  created_at: Date | string;
}

/**
 * A user's rules (or one), newest first. A rule is armed while no alert of its current episode exists; its last
 * firing is its newest alert's.
 */
export async function selectRegras(
  db: Db | Tx,
  userId: number,
  id?: number,
): Promise<RegraPreco[]> {
  const rows = await queryRows<RegraRow>(
    db,
    sql`select r.id, ac.ticker, r.direcao, r.nivel::text as nivel, r.created_at,
          not exists (select 1 from alertas a where a.tipo = 'preco' and a.chave = 'regra:' || r.id
            and a.episodio = r.rearmes::text) as armada,
          (select max(a.disparado_em) from alertas a where a.tipo = 'preco' and a.chave = 'regra:' || r.id)
            as disparada_em
        from alerta_regras r join acoes ac on ac.id = r.acao_id
        where r.user_id = ${userId} ${id === undefined ? sql`` : sql`and r.id = ${id}`}
        order by r.id desc`,
  );
  return rows.map((r) => ({
    id: r.id,
    ticker: r.ticker,
    direcao: r.direcao,
    nivel: price(r.nivel)!,
    armada: r.armada,
    disparada_em: iso(r.disparada_em),
    criada_em: iso(r.created_at)!,
  }));
}
