import { sql } from 'drizzle-orm';
import { formatMoney } from '../../../shared/format';
import { Decimal } from '../../../shared/decimal';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { aplicar, type Contexto, type Observacao, type Regra } from './motor';

/**
 * Targets, stops and the users' price rules against the current quotes (issue 31). A target fires when the quote
 * reaches or passes it, once, and is armed again only after the quote falls ALERTA_REARME_PERCENTUAL below it (a
 * quote wavering around the target is one alert); a stop the same way downwards. A rule fires once per arming. A
 * subject without a quote this round is left as it is.
 */

export interface OperacaoVigiada {
  id: number;
  cliente_id: number;
  nome: string | null;
  ticker: string;
  valor_alvo: string | null;
  valor_stop: string | null;
}

export interface RegraVigiada {
  id: number;
  user_id: number;
  ticker: string;
  direcao: 'acima' | 'abaixo';
  nivel: string;
  rearmes: number;
}

/** The open operations with a target or a stop, and every price rule: what the quotes are compared with. */
export async function selectVigiados(
  db: Db,
): Promise<{ operacoes: OperacaoVigiada[]; regras: RegraVigiada[] }> {
  const [operacoes, regras] = await Promise.all([
    queryRows<OperacaoVigiada>(
      db,
      sql`select o.id, o.cliente_id, c.nome, a.ticker, o.valor_alvo::text as valor_alvo,
            o.valor_stop::text as valor_stop
          from operacoes o join acoes a on a.id = o.acao_id join clientes c on c.id = o.cliente_id
          where o.data_venda is null and (o.valor_alvo is not null or o.valor_stop is not null)`,
    ),
    queryRows<RegraVigiada>(
      db,
      sql`select r.id, r.user_id, a.ticker, r.direcao, r.nivel::text as nivel, r.rearmes
          from alerta_regras r join acoes a on a.id = r.acao_id`,
    ),
  ]);
  return { operacoes, regras };
}

export const tickersDe = (v: { operacoes: OperacaoVigiada[]; regras: RegraVigiada[] }) => [
  ...new Set([...v.operacoes.map((o) => o.ticker), ...v.regras.map((r) => r.ticker)]),
];

const ALVO: Regra = { tipo: 'alvo', minimoSegundos: 0, repetirSegundos: null };
const STOP: Regra = { tipo: 'stop', minimoSegundos: 0, repetirSegundos: null };
const PRECO: Regra = { tipo: 'preco', minimoSegundos: 0, repetirSegundos: null };

const reais = (value: string | Decimal) => formatMoney(Number(value), 4);
const deQuem = (nome: string | null) => (nome ? ` — ${nome}` : '');

/** The observations of targets and stops: `rearme` is the fraction (0.005) the quote must move back to re-arm. */
export function observeOperacoes(
  operacoes: readonly OperacaoVigiada[],
  cotacoes: ReadonlyMap<string, number>,
  rearme: Decimal,
): { alvos: Observacao[]; stops: Observacao[] } {
  const alvos: Observacao[] = [];
  const stops: Observacao[] = [];
  for (const op of operacoes) {
    const cotado = cotacoes.get(op.ticker);
    const q = cotado === undefined ? null : new Decimal(cotado);
    const assunto = {
      cliente_id: op.cliente_id,
      operacao_id: op.id,
      ticker: op.ticker,
      cotacao: q === null ? null : q.toFixed(4),
    };
    const chave = `operacao:${op.id}`;
    if (op.valor_alvo !== null) {
      const alvo = new Decimal(op.valor_alvo);
      alvos.push({
        chave,
        assunto: { ...assunto, nivel: op.valor_alvo },
        titulo: `${op.ticker} atingiu o alvo de ${reais(alvo)} (cotação ${q ? reais(q) : '—'})${deQuem(op.nome)}.`,
        dispara: q !== null && q.gte(alvo),
        encerra: q !== null && q.lte(alvo.times(Decimal.sub(1, rearme))),
      });
    }
    if (op.valor_stop !== null) {
      const stop = new Decimal(op.valor_stop);
      stops.push({
        chave,
        assunto: { ...assunto, nivel: op.valor_stop },
        titulo: `${op.ticker} chegou ao stop de ${reais(stop)} (cotação ${q ? reais(q) : '—'})${deQuem(op.nome)}.`,
        dispara: q !== null && q.lte(stop),
        encerra: q !== null && q.gte(stop.times(Decimal.add(1, rearme))),
      });
    }
  }
  return { alvos, stops };
}

/** The observations of the users' rules: each fires once per arming (its episode), and never ends by itself. */
export function observeRegras(
  regras: readonly RegraVigiada[],
  cotacoes: ReadonlyMap<string, number>,
): Observacao[] {
  return regras.map((r) => {
    const cotado = cotacoes.get(r.ticker);
    const q = cotado === undefined ? null : new Decimal(cotado);
    const nivel = new Decimal(r.nivel);
    return {
      chave: `regra:${r.id}`,
      episodio: String(r.rearmes),
      assunto: {
        regra_id: r.id,
        user_id: r.user_id,
        ticker: r.ticker,
        nivel: r.nivel,
        cotacao: q === null ? null : q.toFixed(4),
      },
      titulo: `${r.ticker} ${r.direcao === 'acima' ? 'subiu a' : 'caiu a'} ${reais(nivel)} ou ${r.direcao === 'acima' ? 'mais' : 'menos'} (cotação ${q ? reais(q) : '—'}).`,
      dispara: q !== null && (r.direcao === 'acima' ? q.gte(nivel) : q.lte(nivel)),
      encerra: false,
    };
  });
}

/** One evaluation of targets, stops and rules against the quotes just read. */
export async function checkPrecos(
  ctx: Contexto,
  vigiados: { operacoes: OperacaoVigiada[]; regras: RegraVigiada[] },
  cotacoes: ReadonlyMap<string, number>,
  rearmePercentual: number,
): Promise<void> {
  const rearme = new Decimal(rearmePercentual).div(100);
  const { alvos, stops } = observeOperacoes(vigiados.operacoes, cotacoes, rearme);
  await aplicar(ctx, ALVO, alvos);
  await aplicar(ctx, STOP, stops);
  await aplicar(ctx, PRECO, observeRegras(vigiados.regras, cotacoes));
}
