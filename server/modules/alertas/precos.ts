import { sql } from 'drizzle-orm';
import { formatMoney } from '../../../shared/format';
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

const reais = (value: string | number) => formatMoney(Number(value), 4);
const deQuem = (nome: string | null) => (nome ? ` — ${nome}` : '');

/**
 * Prices as exact integers of ten-thousandths (the columns' 4 places): a numeric's text ('10.5000') read digit by
 * digit, a quote (a JSON number from the provider, already to the cent or 4 places) rounded to its ten-thousandths.
 * Ten thousand operations are compared in a few milliseconds, where decimal objects took hundreds.
 */
export function dezMilesimos(text: string): bigint {
  const [inteira = '0', fracao = ''] = text.split('.');
  return BigInt(inteira + fracao.padEnd(4, '0').slice(0, 4));
}
const cotacaoInteira = (q: number) => BigInt(Math.round(q * 1e4));

/** (100 − p) % and (100 + p) % as parts per million: the re-arm's bounds, exactly. */
const MILHAO = 1_000_000n;
const fatores = (rearmePercentual: number) => {
  const p = BigInt(Math.round(rearmePercentual * 1e4));
  return { abaixo: MILHAO - p, acima: MILHAO + p };
};

/**
 * The observations of targets (or stops): re-armed `rearmePercentual` % back from the level. Only the operations
 * that fire or whose alert is open (`abertas`) are observed: the others change nothing.
 */
export function observeOperacoes(
  operacoes: readonly OperacaoVigiada[],
  cotacoes: ReadonlyMap<string, number>,
  rearmePercentual: number,
  tipo: 'alvo' | 'stop',
  abertas: ReadonlySet<string>,
): Observacao[] {
  const observacoes: Observacao[] = [];
  const inteiras = new Map([...cotacoes].map(([t, q]) => [t, cotacaoInteira(q)]));
  const { abaixo, acima } = fatores(rearmePercentual);
  // Levels repeat (round targets): each text is read once.
  const lidos = new Map<string, bigint>();
  for (const op of operacoes) {
    const texto = tipo === 'alvo' ? op.valor_alvo : op.valor_stop;
    if (texto === null) continue;
    const chave = `operacao:${op.id}`;
    const q = inteiras.get(op.ticker) ?? null;
    let nivel = lidos.get(texto);
    if (nivel === undefined) lidos.set(texto, (nivel = dezMilesimos(texto)));
    const dispara = q !== null && (tipo === 'alvo' ? q >= nivel : q <= nivel);
    if (!dispara && !abertas.has(chave)) continue;
    const cotado = cotacoes.get(op.ticker);
    const cotacao = () => (cotado === undefined ? '—' : reais(cotado));
    observacoes.push({
      chave,
      assunto: {
        cliente_id: op.cliente_id,
        operacao_id: op.id,
        ticker: op.ticker,
        cotacao: cotado === undefined ? null : String(cotado),
        nivel: texto,
      },
      titulo: () =>
        tipo === 'alvo'
          ? `${op.ticker} atingiu o alvo de ${reais(texto)} (cotação ${cotacao()})${deQuem(op.nome)}.`
          : `${op.ticker} chegou ao stop de ${reais(texto)} (cotação ${cotacao()})${deQuem(op.nome)}.`,
      dispara,
      // Back by the re-arm: below a target (q ≤ alvo × (100 − p) %), above a stop (q ≥ stop × (100 + p) %).
      encerra:
        q !== null &&
        (tipo === 'alvo' ? q * MILHAO <= nivel * abaixo : q * MILHAO >= nivel * acima),
    });
  }
  return observacoes;
}

/** The observations of the users' rules: each fires once per arming (its episode), and never ends by itself. */
export function observeRegras(
  regras: readonly RegraVigiada[],
  cotacoes: ReadonlyMap<string, number>,
): Observacao[] {
  return regras.map((r) => {
    const cotado = cotacoes.get(r.ticker);
    const q = cotado === undefined ? null : cotacaoInteira(cotado);
    const nivel = dezMilesimos(r.nivel);
    return {
      chave: `regra:${r.id}`,
      episodio: String(r.rearmes),
      assunto: {
        regra_id: r.id,
        user_id: r.user_id,
        ticker: r.ticker,
        nivel: r.nivel,
        cotacao: cotado === undefined ? null : String(cotado),
      },
      titulo: () =>
        `${r.ticker} ${r.direcao === 'acima' ? 'subiu a' : 'caiu a'} ${reais(r.nivel)} ou ${r.direcao === 'acima' ? 'mais' : 'menos'} (cotação ${cotado === undefined ? '—' : reais(cotado)}).`,
      dispara: q !== null && (r.direcao === 'acima' ? q >= nivel : q <= nivel),
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
  const { operacoes } = vigiados;
  await aplicar(ctx, [
    {
      regra: ALVO,
      observacoes: (abertas) =>
        observeOperacoes(operacoes, cotacoes, rearmePercentual, 'alvo', abertas),
    },
    {
      regra: STOP,
      observacoes: (abertas) =>
        observeOperacoes(operacoes, cotacoes, rearmePercentual, 'stop', abertas),
    },
    { regra: PRECO, observacoes: observeRegras(vigiados.regras, cotacoes) },
  ]);
}
