import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LegPlan } from '../../../shared/legs';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { orderLotes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { HttpError } from '../../lib/http-error';
import { groupRow, storeGroups, type GroupPlan, type LoteRow } from '../ordens';
import {
  checkVendas,
  guardVendas,
  legsDaOperacao,
  type OperacaoEncadeada,
  type VendaEncadeada,
} from './encadeados-venda';
import type { LoteSync } from './sync';
import { refuseSalesInFlight } from './venda';

export type { VendaEncadeada } from './encadeados-venda';

/**
 * Two linked lotes (issue 33's rebalance): a sale lote of many stocks and clients, stored and sent at once, and a
 * buy lote stored with it but waiting (`aguardando`), to which each client's buys are added and sent later by whoever
 * orchestrates them (modelos, once that client's sales ended). Both are lotes as any other: stored by the order
 * pipeline's storeGroups before anything leaves, sent and followed by LoteSync and the status calls, their groups
 * ordinary orders (docs/decisions/0008-lotes.md).
 */

export interface LotesEncadeadosIds {
  lote_venda: string | null;
  lote_compra: string | null;
}

export interface EncadeadosRequest {
  vendas: readonly VendaEncadeada[];
  /** The stocks the buy lote will buy (none: no buy lote). */
  compras: readonly string[];
  /** The Idempotency-Key and the request's hash: the groups' keys derive from them. */
  idem: { key: string; hash: string };
  username: string;
  /** The caller's own rows, written in the same transaction once both lotes' rows are (before the sale groups). */
  gravar(tx: Tx, lotes: LotesEncadeadosIds): Promise<void>;
  /** After a write refused by a unique index: what a racing retry of the same key stored, or null. */
  raced(): Promise<LotesEncadeadosIds | null>;
}

/** One buy of a client added to the waiting lote: sent, or stored ended with why it was not (`erro`). */
export interface CompraLiberada {
  ticker: string;
  acao_id: number;
  legs: readonly LegPlan[];
  erro: string | null;
}

export const ESCOPO_VENDA = 'rebalanceamento:venda';
export const ESCOPO_COMPRA = 'rebalanceamento:compra';

/** Thrown inside the storing transaction when the caller's once-only mark was already set: nothing is written. */
const JA_LIBERADO = new HttpError(409, 'As compras deste cliente já foram liberadas.');

const rotulo = (tickers: readonly string[]) => [...new Set(tickers)].sort().join(', ');

export class LotesEncadeados {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sync: LoteSync,
  ) {}

  /**
   * Checks the sales (encadeados-venda.ts), then stores in one transaction the buy lote's row (waiting), the
   * caller's rows and the sale lote with its groups; then sends the sales. A retry of the same key answers what the
   * first stored (`created: false`).
   */
  async create(req: EncadeadosRequest): Promise<{ created: boolean; lotes: LotesEncadeadosIds }> {
    const ops = req.vendas.length ? await checkVendas(this.db, this.config, req.vendas) : [];
    const venda = ops.length
      ? this.loteRow(
          'venda',
          ops.map((o) => o.ticker),
          req,
        )
      : null;
    const compra = req.compras.length ? this.loteRow('compra', req.compras, req) : null;
    const lotes = { lote_venda: venda?.id ?? null, lote_compra: compra?.id ?? null };
    const escrever = async (tx: Tx) => {
      if (ops.length) await guardVendas(tx, ops);
      if (compra) {
        await tx.insert(orderLotes).values({ ...compra, aguardando: true });
        await audit(tx, {
          username: req.username,
          action: 'create',
          entity: 'order_lote',
          entityId: compra.id,
          after: { ...compra, aguardando: true, apos_lote: venda?.id ?? null },
        });
      }
      await req.gravar(tx, lotes);
    };
    if (!venda) return this.storeSemVendas(escrever, req, lotes);
    const groups = ops.map((op) => this.vendaGroup(venda.id, op, req));
    const stored = await storeGroups(this.db, {
      lote: { row: venda },
      groups,
      username: req.username,
      guard: escrever,
      raced: async () => (await req.raced())?.lote_venda ?? null,
      onConflict: () => refuseSalesInFlight(this.db, ops),
    });
    if (!stored.created) return { created: false, lotes: (await req.raced())! };
    await this.sync.groups(
      groups.map((g) => ({ id: g.row.id, cliente_id: g.row.cliente_id, lado: g.row.lado })),
      req.username,
    );
    return { created: true, lotes };
  }

  private async storeSemVendas(
    escrever: (tx: Tx) => Promise<void>,
    req: EncadeadosRequest,
    lotes: LotesEncadeadosIds,
  ): Promise<{ created: boolean; lotes: LotesEncadeadosIds }> {
    try {
      await this.db.transaction(escrever);
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const raced = await req.raced();
      if (raced) return { created: false, lotes: raced };
      throw err;
    }
    return { created: true, lotes };
  }

  private loteRow(
    lado: 'compra' | 'venda',
    tickers: readonly string[],
    req: EncadeadosRequest,
  ): LoteRow {
    return {
      id: crypto.randomUUID(),
      lado,
      ticker_base: rotulo(tickers),
      execucao: 'mercado',
      preco: null,
      tp: null,
      regra: null,
      valor: null,
      idempotency_key: req.idem.key,
      idempotency_scope: lado === 'venda' ? ESCOPO_VENDA : ESCOPO_COMPRA,
      idempotency_hash: req.idem.hash,
      created_by: req.username,
    };
  }

  private vendaGroup(loteId: string, op: OperacaoEncadeada, req: EncadeadosRequest): GroupPlan {
    return {
      legs: legsDaOperacao(op),
      row: groupRow(
        {
          lote_id: loteId,
          cliente_id: op.cliente_id,
          lado: 'venda',
          ticker_base: op.ticker,
          acao_id: op.acao_id,
          execucao: 'mercado',
          preco: null,
          tp: null,
          operacao_id: op.id,
        },
        { scope: ESCOPO_VENDA, key: `${req.idem.key}:operacao:${op.id}`, hash: req.idem.hash },
        req.username,
      ),
    };
  }

  /**
   * A client's buys added to the waiting lote: those with legs and no `erro` sent now, the others stored ended
   * (failed, with why: the lote's status shows it). `claim(tx)` is the caller's once-only mark, in the same
   * transaction: when it answers false nothing is stored (another run, or instance, released the client first).
   * Answers whether this call released it.
   */
  async release(
    loteId: string,
    cliente: number,
    compras: readonly CompraLiberada[],
    ctx: { idem: { key: string; hash: string }; username: string },
    claim: (tx: Tx) => Promise<boolean>,
  ): Promise<boolean> {
    if (!compras.length) return this.db.transaction(claim);
    const groups = compras.map((c): GroupPlan => ({
      legs: c.legs,
      row: groupRow(
        {
          lote_id: loteId,
          cliente_id: cliente,
          lado: 'compra',
          ticker_base: c.ticker,
          acao_id: c.acao_id,
          execucao: 'mercado',
          preco: null,
          tp: null,
          operacao_id: null,
          ...(c.erro !== null && { state: 'failed', erro: c.erro, completed_at: new Date() }),
        },
        {
          scope: ESCOPO_COMPRA,
          key: `${ctx.idem.key}:cliente:${cliente}:${c.ticker}`,
          hash: ctx.idem.hash,
        },
        ctx.username,
      ),
    }));
    try {
      await storeGroups(this.db, {
        groups,
        username: ctx.username,
        guard: async (tx) => {
          if (!(await claim(tx))) throw JA_LIBERADO;
        },
        raced: async () => null,
      });
    } catch (err) {
      if (err === JA_LIBERADO) return false;
      throw err;
    }
    const enviar = groups.filter((g) => !g.row.erro);
    await this.sync.groups(
      enviar.map((g) => ({ id: g.row.id, cliente_id: cliente, lado: 'compra' as const })),
      ctx.username,
    );
    return true;
  }

  /** The waiting lote gets no more orders: from now on it finishes as its groups do. */
  async stopWaiting(db: Db | Tx, loteId: string): Promise<void> {
    await db.update(orderLotes).set({ aguardando: false }).where(eq(orderLotes.id, loteId));
  }
}
