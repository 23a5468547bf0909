import {
  INICIO_EVENTOS_DIAS,
  type Inicio,
  type Mt5StatusValue,
  type TipoAlerta,
  type TipoEvento,
} from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { addDays } from '../../../shared/ir/calendario';
import type { Db } from '../../db/client';
import type { QuoteService } from '../../lib/quotes';
import { tickersPosicionados } from '../carteira';
import {
  cotacoesSql,
  iso,
  selectAlertasNaoLidos,
  selectDivergencias,
  selectEventos,
  selectLotes,
  selectOrdens,
  selectPosicoesAtencao,
  selectResultado,
  selectTerminais,
  type PosicaoRow,
} from './repository';

/**
 * GET inicio/ (issue 34): the day's starting point. Today's quotes are read once (the open positions' tickers,
 * then the quote service, as the control panel does); then every section's statement runs side by side.
 */

export interface InicioDeps {
  db: Db;
  quotes: QuoteService;
  /** The app's clock: "today" is its date in São Paulo. */
  now: () => Date;
}

const secao = <R extends { total: number }, T>(rows: readonly R[], item: (r: R) => T) => ({
  total: rows[0]?.total ?? 0,
  itens: rows.map(item),
});

const dinheiro = (text: string) => Number(text);

function posicao(r: PosicaoRow) {
  return {
    operacao: r.operacao,
    cliente: r.cliente,
    nome: r.nome,
    ticker: r.ticker,
    quantidade: r.quantidade,
    cotacao: Number(r.cotacao),
    nivel: Number(r.nivel),
    distancia_percentual: Number(r.distancia),
  };
}

/** What the day's reads answer, before they become the answer (the bench measures them one by one). */
export async function readInicio(deps: InicioDeps, username: string) {
  const { db } = deps;
  const hoje = todayIso(deps.now());
  const tickers = await tickersPosicionados(db);
  const c = cotacoesSql(tickers.length ? await deps.quotes.getQuotes(tickers) : new Map());
  const [resultado, posicoes, ordens, lotes, terminais, divergencias, eventos, alertas] =
    await Promise.all([
      selectResultado(db, c, hoje, `${hoje.slice(0, 8)}01`),
      selectPosicoesAtencao(db, c),
      selectOrdens(db),
      selectLotes(db),
      selectTerminais(db),
      selectDivergencias(db),
      selectEventos(db, hoje, addDays(hoje, INICIO_EVENTOS_DIAS)),
      selectAlertasNaoLidos(db, username),
    ]);
  return { hoje, resultado, posicoes, ordens, lotes, terminais, divergencias, eventos, alertas };
}

export async function getInicio(deps: InicioDeps, username: string): Promise<Inicio> {
  const r = await readInicio(deps, username);
  return {
    hoje: r.hoje,
    resultado: {
      dia: dinheiro(r.resultado.dia),
      dia_percentual:
        r.resultado.dia_percentual === null ? null : Number(r.resultado.dia_percentual),
      posicoes: r.resultado.posicoes,
      sem_cotacao: r.resultado.sem_cotacao,
      mes: dinheiro(r.resultado.mes),
      vendas_mes: r.resultado.vendas_mes,
    },
    alvos: secao(
      r.posicoes.filter((p) => p.tipo === 'alvo'),
      posicao,
    ),
    stops: secao(
      r.posicoes.filter((p) => p.tipo === 'stop'),
      posicao,
    ),
    ordens: secao(r.ordens, ({ total: _, criada_em, ...o }) => ({
      ...o,
      criada_em: iso(criada_em),
    })),
    lotes: secao(r.lotes, ({ total: _, criado_em, ...l }) => ({ ...l, criado_em: iso(criado_em) })),
    terminais: secao(r.terminais, ({ total: _, medido_em, status, ...t }) => ({
      ...t,
      status: status as Mt5StatusValue,
      medido_em: medido_em === null ? null : iso(medido_em),
    })),
    divergencias: secao(r.divergencias, ({ total: _, desde, ...d }) => ({
      ...d,
      desde: iso(desde),
    })),
    eventos: secao(r.eventos, ({ total: _, tipo, ...e }) => ({ ...e, tipo: tipo as TipoEvento })),
    alertas: secao(r.alertas, ({ total: _, tipo, criada_em, ...a }) => ({
      ...a,
      tipo: tipo as TipoAlerta,
      criada_em: iso(criada_em),
    })),
  };
}
