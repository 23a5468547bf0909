import {
  CLIENTE_NAO_ENCONTRADO,
  type Recomendacao,
  type RecomendacaoDisponivel,
  type RecomendacoesRecalculo,
} from '../../../contract';
import { price, toNumber } from '../../../shared/decimal';
import { formatDate } from '../../../shared/format';
import type { AppDeps } from '../../app';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { notFound } from '../../lib/http-error';
import { clienteExists } from '../clientes';
import { analyze, type Analise } from './engine';
import {
  loadHistorico,
  replaceRecomendacoes,
  selectLinhas,
  ultimaSessao,
  type Limites,
  type RecomendacaoRow,
} from './repository';
import { refreshYahooHistory } from './yahoo-history';

export type { Limites };

const passa = (a: Analise, limites: Limites) =>
  a.probabilidade >= limites.probabilidadeMin && a.percentual_estimado > limites.estimadoMin;

export interface Recalculo {
  data: string | null;
  analisadas: number;
  recomendadas: number;
}

/**
 * Recomputes every stock on the latest session and replaces that date's rows in one transaction. Every stock
 * analysed is stored (the thresholds filter when listing), so the latest set is this date's even when no stock
 * passes them.
 */
export async function recompute(db: Db, limites: Limites, username: string): Promise<Recalculo> {
  const data = await ultimaSessao(db);
  if (!data) return { data: null, analisadas: 0, recomendadas: 0 };
  const historico = await loadHistorico(db, data);
  const linhas: RecomendacaoRow[] = [];
  let recomendadas = 0;
  for (const { acao_id, serie } of historico) {
    const a = analyze(serie);
    if (!a) continue;
    if (passa(a, limites)) recomendadas++;
    linhas.push({
      data,
      acao_id,
      preco_compra: String(a.preco_compra),
      alvo_sugerido: String(a.alvo_sugerido),
      percentual_estimado: String(a.percentual_estimado),
      probabilidade: String(a.probabilidade),
      vezes_atingiu_alvo_1m: a.vezes_atingiu_alvo_1m,
      cruza_medias: a.cruza_medias,
      obv_cres: a.obv_cres,
      vol_acima_media: a.vol_acima_media,
      wma602: a.wma602,
      min: String(a.MIN),
      max: String(a.MAX),
      amplitude: String(a.AMPLITUDE),
      amp_axf: String(a.AMP_AxF),
      amp_mxxmn: String(a.AMP_MXxMN),
      a_x_f: String(a.A_x_F),
      alvo: String(a.ALVO),
      alta: a.ALTA,
      baixa: a.BAIXA,
    });
  }
  await db.transaction(async (tx) => {
    await replaceRecomendacoes(tx, data, linhas);
    await audit(tx, {
      username,
      action: 'recalcular',
      entity: 'recomendacoes',
      entityId: data,
      after: { analisadas: linhas.length, recomendadas },
    });
  });
  return { data, analisadas: linhas.length, recomendadas };
}

const pct = (value: string) => toNumber(value, 2)!;

export async function listRecomendacoes(db: Db, limites: Limites): Promise<Recomendacao[]> {
  const linhas = await selectLinhas(db, limites);
  return linhas.map((r) => ({
    ticker: r.ticker,
    empresa: r.empresa,
    setor: r.setor,
    data: r.data,
    preco_compra: price(r.preco_compra)!,
    alvo_sugerido: price(r.alvo_sugerido)!,
    percentual_estimado: pct(r.percentual_estimado),
    probabilidade: pct(r.probabilidade),
    vezes_atingiu_alvo_1m: r.vezes_atingiu_alvo_1m,
    cruza_medias: r.cruza_medias,
    obv_cres: r.obv_cres,
    vol_acima_media: r.vol_acima_media,
    wma602: r.wma602,
    MIN: price(r.min)!,
    MAX: price(r.max)!,
    AMPLITUDE: pct(r.amplitude),
    AMP_AxF: pct(r.amp_axf),
    AMP_MXxMN: pct(r.amp_mxxmn),
    A_x_F: pct(r.a_x_f),
    ALVO: pct(r.alvo),
    ALTA: r.alta,
    BAIXA: r.baixa,
  }));
}

export async function listDisponiveis(
  db: Db,
  limites: Limites,
  clienteId: number,
): Promise<RecomendacaoDisponivel[]> {
  if (!(await clienteExists(db, clienteId))) throw notFound(CLIENTE_NAO_ENCONTRADO);
  const linhas = await selectLinhas(db, limites, clienteId);
  return linhas.map((r) => ({
    acao_id: r.acao_id,
    ticker: r.ticker,
    empresa: r.empresa,
    preco_compra: price(r.preco_compra)!,
    alvo_sugerido: price(r.alvo_sugerido)!,
    probabilidade: pct(r.probabilidade),
    MIN: price(r.min)!,
    MAX: price(r.max)!,
  }));
}

/** What the recompute says to the person who asked for it. */
export function mensagem({ data, analisadas, recomendadas }: Recalculo): string {
  if (!data) return 'Sem histórico de preços: nenhuma recomendação calculada.';
  const quando = formatDate(data);
  const base = `${analisadas} ${analisadas === 1 ? 'ação analisada' : 'ações analisadas'}`;
  if (recomendadas === 0) return `Nenhuma recomendação para ${quando} (${base}).`;
  const quantas = recomendadas === 1 ? '1 recomendação' : `${recomendadas} recomendações`;
  return `${quantas} para ${quando} (${base}).`;
}

/** POST recomendacoes/: with the yahoo provider the history is brought up to date first, then the recompute. */
export async function refresh(deps: AppDeps, username: string): Promise<RecomendacoesRecalculo> {
  const { db, config } = deps;
  const yahoo = config.quotesProvider === 'yahoo' ? await refreshYahooHistory(deps) : null;
  let message = mensagem(await recompute(db, config.recomendacao, username));
  if (yahoo?.falhas.length) {
    const quais =
      yahoo.falhas.length <= 5 ? yahoo.falhas.join(', ') : `${yahoo.falhas.length} ações`;
    message += ` Sem resposta do Yahoo para ${quais}: usado o histórico já gravado.`;
  }
  return { message };
}
