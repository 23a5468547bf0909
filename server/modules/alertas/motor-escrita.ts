import { sql, type SQL } from 'drizzle-orm';
import type { MotivoNotificacao } from '../../../contract';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { insertNotificacoes, type NovaNotificacao } from './destinatarios';
import {
  adiado,
  tituloDe,
  type Aberto,
  type Contexto,
  type Observacao,
  type Plano,
  type Regra,
} from './motor-tipos';

/**
 * The writes a plan calls for, in one transaction and a statement per kind of change whatever the number of
 * alerts (a quote refresh can cross dozens of targets at once): the new episodes inserted (a unique key: one writer
 * wins), the changes made as compare-and-sets on each alert's `avisos` as read, and the winners' notifications in
 * one insert.
 */

const vazio = (p: Plano) =>
  p.abrir.length +
    p.descartar.length +
    p.disparar.length +
    p.repetir.length +
    p.fimAdiamento.length +
    p.resolver.length ===
  0;

interface Mudado {
  id: number;
  avisos: number;
  adiado_ate: string | Date | null;
  user_id: number | null;
}

const json = (rows: unknown[]) => JSON.stringify(rows);

async function insertAbertos(tx: Tx, regra: Regra, obs: Observacao[], now: string) {
  const disparado = regra.minimoSegundos <= 0;
  const rows = obs.map((o) => ({
    chave: o.chave,
    episodio: o.episodio ?? null,
    titulo: tituloDe(o),
    cliente_id: o.assunto.cliente_id ?? null,
    operacao_id: o.assunto.operacao_id ?? null,
    order_group_id: o.assunto.order_group_id ?? null,
    evento_id: o.assunto.evento_id ?? null,
    regra_id: o.assunto.regra_id ?? null,
    user_id: o.assunto.user_id ?? null,
    ticker: o.assunto.ticker ?? null,
    nivel: o.assunto.nivel ?? null,
    cotacao: o.assunto.cotacao ?? null,
  }));
  const quando = disparado ? sql`${now}::timestamptz` : sql`null::timestamptz`;
  return queryRows<{ id: number; titulo: string; user_id: number | null }>(
    tx,
    sql`insert into alertas (tipo, chave, episodio, estado, cliente_id, operacao_id, order_group_id, evento_id,
          regra_id, user_id, ticker, nivel, cotacao, titulo, desde, disparado_em, avisos, ultimo_aviso_em,
          created_at, updated_at)
        select ${regra.tipo}, v.chave,
          coalesce(v.episodio, (select (coalesce(max(a.episodio::int), 0) + 1)::text from alertas a
            where a.tipo = ${regra.tipo} and a.chave = v.chave)),
          ${disparado ? 'disparado' : 'pendente'}, v.cliente_id, v.operacao_id, v.order_group_id, v.evento_id,
          v.regra_id, v.user_id, v.ticker, v.nivel, v.cotacao, v.titulo, ${now}::timestamptz, ${quando},
          ${disparado ? 1 : 0}, ${quando}, ${now}::timestamptz, ${now}::timestamptz
        from jsonb_to_recordset(${json(rows)}::jsonb) as v(chave text, episodio text, titulo text, cliente_id int,
          operacao_id int, order_group_id uuid, evento_id int, regra_id int, user_id int, ticker text,
          nivel numeric, cotacao numeric)
        -- Decided on a read that may be stale: another instance may have opened (and committed) it meanwhile.
        where not exists (select 1 from alertas a where a.tipo = ${regra.tipo} and a.chave = v.chave
          and a.estado <> 'resolvido')
        on conflict (tipo, chave, episodio) do nothing
        returning id, titulo, user_id`,
  );
}

/** One compare-and-set per alert, all in one statement: each row changes only if still as read. */
async function advance(
  tx: Tx,
  itens: Array<{ aberto: Aberto; titulo?: string; cotacao?: string | null }>,
  set: SQL,
  condicao: SQL,
): Promise<Mudado[]> {
  if (itens.length === 0) return [];
  const rows = itens.map(({ aberto, titulo, cotacao }) => ({
    id: aberto.id,
    avisos: aberto.avisos,
    estado: aberto.estado,
    titulo: titulo ?? null,
    cotacao: cotacao ?? null,
  }));
  return queryRows<Mudado>(
    tx,
    sql`update alertas a set ${set}, avisos = a.avisos + 1
        from jsonb_to_recordset(${json(rows)}::jsonb) as v(id int, avisos int, estado text, titulo text,
          cotacao numeric)
        where a.id = v.id and a.avisos = v.avisos and a.estado = v.estado and ${condicao}
        returning a.id, a.avisos, a.adiado_ate, a.user_id`,
  );
}

export async function writePlano(ctx: Contexto, regra: Regra, plano: Plano): Promise<void> {
  if (vazio(plano)) return;
  const { now } = ctx;
  const agora = now.toISOString();
  // Read before the transaction: PGlite has one connection, which the transaction holds.
  await ctx.destinatarios.list();
  await ctx.db.transaction(async (tx) => {
    const avisos: NovaNotificacao[] = [];
    const avisar = (r: Mudado, motivo: MotivoNotificacao, titulo: string) =>
      avisos.push({
        alerta: { id: r.id, user_id: r.user_id },
        tipo: regra.tipo,
        aviso: r.avisos,
        motivo,
        titulo,
      });
    const naoAdiado = (r: Mudado) =>
      !adiado(r.adiado_ate === null ? null : new Date(r.adiado_ate), now);

    if (plano.abrir.length) {
      for (const r of await insertAbertos(tx, regra, plano.abrir, agora)) {
        if (regra.minimoSegundos <= 0)
          avisar({ ...r, avisos: 1, adiado_ate: null }, 'disparo', r.titulo);
      }
    }
    if (plano.descartar.length) {
      // A pending occurrence whose condition broke before its minimum time: it never happened.
      await tx.execute(
        sql`delete from alertas where estado = 'pendente'
            and id = any(${`{${plano.descartar.map((a) => a.id).join(',')}}`}::int[])`,
      );
    }
    const titulos = new Map<number, string>();
    const comTitulo = (itens: Array<{ aberto: Aberto; obs: Observacao }>) =>
      itens.map(({ aberto, obs }) => {
        const titulo = tituloDe(obs);
        titulos.set(aberto.id, titulo);
        return { aberto, titulo, cotacao: obs.assunto.cotacao ?? null };
      });

    const disparados = await advance(
      tx,
      comTitulo(plano.disparar),
      sql`estado = 'disparado', disparado_em = ${agora}::timestamptz, ultimo_aviso_em = ${agora}::timestamptz,
          titulo = v.titulo, cotacao = coalesce(v.cotacao, a.cotacao), updated_at = ${agora}::timestamptz`,
      sql`true`,
    );
    // Snoozed while pending: held until the snooze ends (then said once if still firing).
    for (const r of disparados) if (naoAdiado(r)) avisar(r, 'disparo', titulos.get(r.id)!);

    const repetidos = await advance(
      tx,
      comTitulo(plano.repetir),
      sql`ultimo_aviso_em = ${agora}::timestamptz, titulo = v.titulo, updated_at = ${agora}::timestamptz`,
      sql`a.adiado_ate is null and not a.reconhecido`,
    );
    for (const r of repetidos) avisar(r, 'repeticao', `Continua: ${titulos.get(r.id)!}`);

    const fins = await advance(
      tx,
      comTitulo(plano.fimAdiamento),
      sql`adiado_ate = null, ultimo_aviso_em = ${agora}::timestamptz, updated_at = ${agora}::timestamptz`,
      sql`a.adiado_ate <= ${agora}::timestamptz`,
    );
    // An acknowledged alert says nothing more until it resolves; its snooze just ends.
    const reconhecidos = new Set(
      plano.fimAdiamento.filter((i) => i.aberto.reconhecido).map((i) => i.aberto.id),
    );
    for (const r of fins) {
      if (!reconhecidos.has(r.id))
        avisar(r, 'fim_adiamento', `Fim do adiamento: ${titulos.get(r.id)!}`);
    }

    const ditos = new Map(plano.resolver.map((i) => [i.aberto.id, i.tituloResolvido]));
    const resolvidos = await advance(
      tx,
      plano.resolver.map(({ aberto }) => ({ aberto })),
      sql`estado = 'resolvido', resolvido_em = ${agora}::timestamptz, updated_at = ${agora}::timestamptz`,
      sql`true`,
    );
    for (const r of resolvidos) {
      const dito = ditos.get(r.id);
      if (dito !== undefined && naoAdiado(r)) avisar(r, 'resolvido', dito);
    }

    const feitas = await insertNotificacoes(tx, ctx.destinatarios, avisos, now);
    ctx.notificacoes += feitas.total;
    ctx.emails += feitas.emails;
  });
}
