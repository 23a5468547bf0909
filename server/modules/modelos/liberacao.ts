import { Decimal } from '../../../shared/decimal';
import { splitLegs } from '../../../shared/legs';
import { resizeBuys, type OrdemPlano } from '../../../shared/rebalanceamento';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Job, JobLog } from '../../lib/jobs';
import type { QuoteService } from '../../lib/quotes';
import { valoresDisponiveis } from '../carteira';
import type { CompraLiberada, LotesServices } from '../lotes';
import {
  claimCliente,
  selectAcaoIds,
  selectClientesRetidos,
  selectRebalanceamentosRetidos,
  selectVendasDoLote,
  type RebalanceamentoClienteRow,
  type RebalanceamentoRow,
  type VendaDoLote,
} from './envio-repository';

/**
 * The second lote of a rebalance (issue 33): each client's buys are held until every sale of that client has
 * ended, then re-sized on the money its sales actually raised (shared/rebalanceamento's resizeBuys: the valor
 * disponível now, less the plan's cash after) and sent through the order pipeline. A buy the money no longer pays
 * (a sale that failed, or raised less) is stored ended, with why, so the lote's status says it. The state is in the
 * database, so a restart picks up where it was; the release of each client is a compare-and-set in the transaction
 * that stores its buys, so two instances (or a run and the sending request) release it exactly once.
 */

export interface LiberacaoDeps {
  db: Db;
  config: Config;
  quotes: QuoteService;
  lotes: LotesServices;
}

const TERMINADA = new Set(['completed', 'failed', 'resolved']);

const naoEnviada = (motivo: string) => `Compra não enviada: ${motivo}.`;

/** Why a client's buy the money no longer pays was not sent. */
function motivoDoCorte(vendas: readonly VendaDoLote[]): string {
  const falhas = vendas.filter((v) => v.state !== 'completed' || v.vendidas < v.volume);
  if (!falhas.length) return 'o dinheiro que as vendas levantaram não paga esta compra';
  const tickers = [...new Set(falhas.map((v) => v.ticker))].sort().join(', ');
  return `a venda de ${tickers} não foi executada por completo, e esta compra precisava do dinheiro dela`;
}

interface Contexto {
  disponiveis: Map<number, string | null>;
  precos: Map<string, number>;
  acaoIds: Map<string, number>;
}

/** One client's buys, re-sized (or each with why it is not sent). */
function comprasDoCliente(
  r: RebalanceamentoRow,
  cliente: RebalanceamentoClienteRow,
  vendas: readonly VendaDoLote[],
  ctx: Contexto,
): CompraLiberada[] {
  const planejadas: OrdemPlano[] = cliente.compras.map((c) => ({
    ticker: c.ticker,
    lado: 'compra',
    quantidade: c.quantidade,
    legs: splitLegs(c.ticker, c.quantidade),
  }));
  const disponivel = ctx.disponiveis.get(cliente.cliente_id) ?? null;
  const semCotacao = planejadas.find((p) => !ctx.precos.has(p.ticker));
  let redimensionadas: OrdemPlano[] = [];
  let motivo: string;
  if (disponivel === null) motivo = 'valor disponível do cliente desconhecido';
  else if (semCotacao) motivo = `sem cotação de ${semCotacao.ticker}`;
  else {
    redimensionadas = resizeBuys(
      planejadas,
      new Decimal(disponivel).minus(cliente.caixa_depois),
      ctx.precos,
      r.valor_minimo === null ? {} : { valor_minimo: r.valor_minimo },
    );
    motivo = motivoDoCorte(vendas);
  }
  return planejadas.map((p): CompraLiberada => {
    const nova = redimensionadas.find((n) => n.ticker === p.ticker);
    const acao_id = ctx.acaoIds.get(p.ticker);
    if (acao_id === undefined) {
      return {
        ticker: p.ticker,
        acao_id: 0,
        legs: p.legs,
        erro: naoEnviada('ação não cadastrada'),
      };
    }
    return nova
      ? { ticker: p.ticker, acao_id, legs: nova.legs, erro: null }
      : { ticker: p.ticker, acao_id, legs: p.legs, erro: naoEnviada(motivo) };
  });
}

/**
 * Releases the rebalance's held clients whose sales have all ended (`sincronizar`: the sale lote brought up to date
 * with the terminals first, as its status call does); once none is held, the buy lote stops waiting.
 */
export async function releaseRebalanceamento(
  deps: LiberacaoDeps,
  r: RebalanceamentoRow,
  opts: { sincronizar: boolean },
): Promise<void> {
  const { db, lotes } = deps;
  const retidos = await selectClientesRetidos(db, r.id);
  if (retidos.length && r.lote_venda_id && opts.sincronizar) {
    await lotes.lotes.status(r.lote_venda_id, 'sistema');
  }
  const vendas = r.lote_venda_id ? await selectVendasDoLote(db, r.lote_venda_id) : [];
  const vendasDe = (id: number) => vendas.filter((v) => v.cliente_id === id);
  const prontos = retidos.filter((c) =>
    vendasDe(c.cliente_id).every((v) => TERMINADA.has(v.state)),
  );
  if (prontos.length) {
    const tickers = [...new Set(prontos.flatMap((c) => c.compras.map((x) => x.ticker)))];
    const [disponiveis, precos, acaoIds] = await Promise.all([
      valoresDisponiveis(db),
      deps.quotes.getQuotes(tickers),
      selectAcaoIds(db, tickers),
    ]);
    for (const cliente of prontos) {
      const compras = comprasDoCliente(r, cliente, vendasDe(cliente.cliente_id), {
        disponiveis,
        precos,
        acaoIds,
      });
      await lotes.encadeados.release(
        r.lote_compra_id!,
        cliente.cliente_id,
        compras,
        { idem: { key: r.idempotency_key, hash: r.idempotency_hash }, username: r.created_by },
        (tx) => claimCliente(tx, r.id, cliente.cliente_id),
      );
    }
  }
  // Read again: a release made meanwhile elsewhere counts too; whoever sees none held ends the wait.
  if (r.lote_compra_id && !(await selectClientesRetidos(db, r.id)).length) {
    await lotes.encadeados.stopWaiting(db, r.lote_compra_id);
  }
}

/**
 * The release job: every MT5_RECONCILE_SECONDS (0: never on a timer) and at start (what a restart left held), each
 * rebalance with a client held, oldest first; one instance at a time (the runner's lease, decision 0012).
 */
export function modelosJobs(deps: LiberacaoDeps, log: JobLog): Job[] {
  return [
    {
      name: 'modelos.compras',
      intervalMs: deps.config.mt5.reconcileSeconds * 1000,
      runAtStart: true,
      async run({ signal }) {
        for (const r of await selectRebalanceamentosRetidos(deps.db)) {
          if (signal.aborted) return;
          await releaseRebalanceamento(deps, r, { sincronizar: true }).catch((err: unknown) =>
            log.warn({ err, rebalanceamento: r.id }, 'rebalance: buy release failed'),
          );
        }
      },
    },
  ];
}
