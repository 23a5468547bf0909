import type { DashboardRvResponse, PatrimonioDisponivel } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import type { Db } from '../../db/client';
import {
  createAnswerCache,
  isEmbedded,
  readVersions,
  sameVersions,
  type AnswerCache,
  type Source,
  type Versions,
} from '../../lib/cache';
import { offerKept, type KeptAnswer } from '../../lib/compression';
import {
  patrimonioDisponivel as computePatrimonioDisponivel,
  posicoesAbertasJson,
  tickersPosicionados,
} from '../carteira';
import type { QuoteService } from '../../lib/quotes';
import { RawJson, type RouteContext } from '../../lib/route';

/**
 * The control panel's two answers, kept in memory while what they depend on is unchanged, and built so that
 * other requests keep moving (docs/decisions/0005-painel-under-load.md).
 */

export interface PainelDeps {
  db: Db;
  /** Read at every request, not kept: quotes change without any write. */
  quotes: QuoteService;
}

/**
 * Positions per query when building dashboard-rv. On the embedded database, where queries wait for each other, a
 * page of 100 takes ~3 ms, ~2 of them the cost of any query there: what a request arriving meanwhile may wait,
 * instead of the whole build (~150 ms in one statement for 10,000 positions, ~330 ms in pages). On PostgreSQL a
 * build holds one connection of the pool and one statement is quicker: null, all in one page.
 */
export function posicoesPorPagina(db: Db): number | null {
  return isEmbedded(db) ? 100 : null;
}

const POSICIONADAS_SOURCES: readonly Source[] = ['operacoes', 'clientes', 'acoes'];
const PATRIMONIO_SOURCES: readonly Source[] = ['clientes', 'operacoes', 'patrimonios'];

/** The quotes of the open positions' tickers, and when the newest of them was made (null when none says). */
interface Cotacoes {
  precos: Map<string, number>;
  em: string | null;
}

interface PosicionadasContext {
  versions: Versions;
  hoje: string;
  /** The quotes the key was made of; null when the key holds their version instead (fetched to build). */
  cotacoes: Cotacoes | null;
}

function posicionadasCache(deps: PainelDeps): AnswerCache {
  let tickers: { key: string; list: string[] } | null = null;
  const cotacoesFor = async (versions: Versions): Promise<Cotacoes> => {
    const key = `${versions.operacoes}/${versions.acoes}`;
    if (tickers?.key !== key) tickers = { key, list: await tickersPosicionados(deps.db) };
    if (!tickers.list.length) return { precos: new Map(), em: null };
    const precos = await deps.quotes.getQuotes(tickers.list);
    const times = (await deps.quotes.quotedAt?.(tickers.list)) ?? new Map<string, string>();
    // ISO instants in UTC compare as text.
    const em = [...times.values()].reduce<string | null>(
      (a, b) => (a === null || b > a ? b : a),
      null,
    );
    return { precos, em };
  };
  return createAnswerCache<PosicionadasContext>({
    async snapshot() {
      const versions = await readVersions(deps.db);
      // dias_posicionado counts to today in São Paulo: a new day is a new answer.
      const hoje = todayIso();
      const data = [...POSICIONADAS_SOURCES.map((s) => versions[s]), hoje];
      const quotesVersion = deps.quotes.version();
      if (quotesVersion !== null) {
        return {
          key: [...data, versions.precos_diarios, quotesVersion].join('|'),
          context: { versions, hoje, cotacoes: null },
        };
      }
      // Quotes that change without telling (yahoo's, refreshed when asked): the quotes themselves are the key.
      const cotacoes = await cotacoesFor(versions);
      const signature = [...cotacoes.precos]
        .map(([ticker, preco]) => `${ticker}=${preco}`)
        .sort()
        .concat(cotacoes.em ?? '')
        .join(',');
      return { key: [...data, signature].join('|'), context: { versions, hoje, cotacoes } };
    },
    async build({ versions, hoje, cotacoes: known }) {
      const { precos, em } = known ?? (await cotacoesFor(versions));
      const pageSize = posicoesPorPagina(deps.db);
      const json = await posicoesAbertasJson(deps.db, precos, hoje, pageSize, em);
      if (pageSize === null) return json;
      if (sameVersions(await readVersions(deps.db), versions, POSICIONADAS_SOURCES)) return json;
      // A write landed between pages: they may show half of it. One statement sees one state.
      return posicoesAbertasJson(deps.db, precos, hoje, null, em);
    },
  });
}

function patrimonioCache(deps: PainelDeps): AnswerCache {
  return createAnswerCache<null>({
    async snapshot() {
      const versions = await readVersions(deps.db);
      return { key: PATRIMONIO_SOURCES.map((s) => versions[s]).join('|'), context: null };
    },
    async build() {
      return JSON.stringify(await computePatrimonioDisponivel(deps.db));
    },
  });
}

export interface PainelCaches {
  posicionadas: AnswerCache;
  patrimonioDisponivel: AnswerCache;
}

const caches = new WeakMap<PainelDeps, PainelCaches>();

/** The caches of one server instance (its deps), made on first use. */
export function painelCaches(deps: PainelDeps): PainelCaches {
  let mine = caches.get(deps);
  if (!mine) {
    mine = { posicionadas: posicionadasCache(deps), patrimonioDisponivel: patrimonioCache(deps) };
    caches.set(deps, mine);
  }
  return mine;
}

function answer<T>(ctx: RouteContext, cached: KeptAnswer): RawJson<T> {
  offerKept(ctx.request, cached);
  return new RawJson<T>(cached.text);
}

/** Every open position with its quote (10,000 rows: 2.5 MB of JSON, 250 KB in br). */
export async function posicionadas(
  deps: PainelDeps,
  ctx: RouteContext,
): Promise<RawJson<DashboardRvResponse>> {
  return answer(ctx, await painelCaches(deps).posicionadas.get());
}

/** One row per client: patrimony, open total, available value. */
export async function patrimonioDisponivel(
  deps: PainelDeps,
  ctx: RouteContext,
): Promise<RawJson<PatrimonioDisponivel[]>> {
  return answer(ctx, await painelCaches(deps).patrimonioDisponivel.get());
}
