import crypto from 'node:crypto';
import type { LoteCompraRequest, LoteIdResponse, LoteVendaRequest } from '../../../contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../lib/http-error';
import { findAcaoPorTicker } from '../acoes';
import {
  groupRow,
  idempotencyOf,
  storeGroups,
  type GroupPlan,
  type Idempotency,
  type LoteRow,
} from '../ordens';
import { checkItens, checkLoteCompra, guardLoteCompra } from './compra';
import { selectClientesLote, selectLoteByKey } from './repository';
import type { LoteSync } from './sync';
import {
  checkOperacoes,
  checkTerminaisVenda,
  guardLoteVenda,
  legsDaVenda,
  refuseSalesInFlight,
} from './venda';

const LOTE_KEY_REUSED =
  'Esta Idempotency-Key já foi usada para outro lote: cada lote novo precisa de uma chave nova.';

/** How long storing took, for the answer's Server-Timing (`npm run bench -- lotes` compares it with the inserts). */
type OnStored = ((ms: number) => void) | undefined;

/**
 * Creating a lote (a buy sized for many clients, or a sale of many operations): checked as the single orders are
 * (the order pipeline, per client), then the lote, its groups and legs stored in one transaction before any order
 * leaves (the single orders' storeGroups), then sent (docs/decisions/0008-lotes.md).
 */
export class CriacaoDeLotes {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sync: LoteSync,
  ) {}

  /** Stores a buy lote (or answers the one this key already made) and sends it. */
  async createCompra(
    req: LoteCompraRequest,
    key: string,
    username: string,
    onStored?: OnStored,
  ): Promise<LoteIdResponse> {
    const started = performance.now();
    const idem = idempotencyOf(key, 'lote:compra', req)!;
    const existing = await this.existing(idem);
    if (existing) return { lote_id: existing };

    const acaoId = (await findAcaoPorTicker(this.db, req.ticker_base))?.id;
    const ids = req.itens.map((item) => item.cliente);
    const clientes = new Map((await selectClientesLote(this.db, ids)).map((c) => [c.id, c]));
    checkItens(this.config, req, clientes, acaoId !== undefined);
    const confirmado = await checkLoteCompra(this.db, this.config, req, clientes, idem);

    const lote = loteRow(
      {
        lado: 'compra',
        ticker_base: req.ticker_base,
        execucao: req.execucao,
        preco: req.preco === undefined ? null : String(req.preco),
        tp: String(req.tp),
        regra: req.regra ?? null,
        valor: req.valor === undefined ? null : String(req.valor),
      },
      idem,
      username,
    );
    const groups = req.itens.map((item): GroupPlan => ({
      legs: item.legs,
      row: groupRow(
        {
          lote_id: lote.id,
          cliente_id: item.cliente,
          lado: 'compra',
          ticker_base: req.ticker_base,
          acao_id: acaoId!,
          execucao: req.execucao,
          preco: lote.preco ?? null,
          tp: lote.tp ?? null,
          operacao_id: null,
        },
        // Derived from the lote's: one order per client per lote, whatever races happen.
        { ...idem, key: `${idem.key}:cliente:${item.cliente}` },
        username,
      ),
    }));
    const guard = guardLoteCompra(req, clientes, idem);
    return this.store(
      { row: lote, confirmado },
      groups,
      idem,
      username,
      { started, onStored },
      guard,
    );
  }

  /**
   * Stores a sale lote: the percentual of each operation (issue 34; all by default), one group per operation, the
   * operations it leaves with no whole share named in the answer. As the single sale does, each
   * client's terminal is asked first whether it trades, holds what its book sells (refused unless confirmed) and
   * takes each leg; a client whose terminal cannot be asked, cannot trade or refuses a leg is left out and named
   * in the answer (`fora`) while the others sell (issue 34, rough edge 2).
   */
  async createVenda(
    req: LoteVendaRequest,
    key: string,
    username: string,
    onStored?: OnStored,
  ): Promise<LoteIdResponse> {
    const started = performance.now();
    const idem = idempotencyOf(key, 'lote:venda', req)!;
    const existing = await this.existing(idem);
    if (existing) return { lote_id: existing };

    const checked = await checkOperacoes(this.db, this.config, req);
    const { ops, fora: semTerminal } = await checkTerminaisVenda(this.config, req, checked.ops);
    const fora = [...checked.fora, ...semTerminal];

    const preco = req.preco === undefined ? null : String(req.preco);
    const lote = loteRow(
      {
        lado: 'venda',
        ticker_base: ops[0]!.ticker,
        execucao: req.execucao,
        preco,
        tp: null,
        regra: null,
        valor: null,
      },
      idem,
      username,
    );
    const groups = ops.map((op): GroupPlan => ({
      legs: legsDaVenda(op),
      row: groupRow(
        {
          lote_id: lote.id,
          cliente_id: op.cliente_id,
          lado: 'venda',
          ticker_base: op.ticker,
          acao_id: op.acao_id,
          execucao: req.execucao,
          preco,
          tp: null,
          operacao_id: op.id,
        },
        { ...idem, key: `${idem.key}:operacao:${op.id}` },
        username,
      ),
    }));
    const guard = guardLoteVenda(req, ops);
    const stored = await this.store(
      { row: lote },
      groups,
      idem,
      username,
      { started, onStored },
      guard,
    );
    return { ...stored, fora };
  }

  /** The lote a retried request already created; the same key with another request is a 422. */
  private async existing(idem: Idempotency): Promise<string | null> {
    const row = await selectLoteByKey(this.db, idem.scope, idem.key);
    if (!row) return null;
    if (row.idempotency_hash !== idem.hash) throw new HttpError(422, LOTE_KEY_REUSED);
    return row.id;
  }

  /**
   * The lote, every group and every leg stored at once, audited (storeGroups), before any agent is called; then
   * every group's legs are sent, many clients at a time, and the answer waits at most about one agent timeout for
   * them (a send still under way goes on, and the status calls pick it up). Two submits of one key racing: the loser
   * answers the winner's lote.
   */
  private async store(
    lote: { row: LoteRow; confirmado?: Record<string, unknown> | undefined },
    groups: GroupPlan[],
    idem: Idempotency,
    username: string,
    timing: { started: number; onStored: OnStored },
    guard: ((tx: Tx) => Promise<void>) | undefined,
  ): Promise<LoteIdResponse> {
    const stored = await storeGroups(this.db, {
      lote,
      groups,
      username,
      guard,
      raced: () => this.existing(idem),
      // A sale's partial unique index (one sale in flight per operation) lost a race with another submit.
      onConflict: async () => {
        if (lote.row.lado !== 'venda') return;
        await refuseSalesInFlight(
          this.db,
          groups.map((g) => ({ id: g.row.operacao_id!, nome: `cliente ${g.row.cliente_id}` })),
        );
      },
    });
    if (!stored.created) return { lote_id: stored.id };
    timing.onStored?.(performance.now() - timing.started);
    await this.sync.groups(
      groups.map((g) => ({ id: g.row.id, cliente_id: g.row.cliente_id, lado: g.row.lado })),
      username,
    );
    return { lote_id: lote.row.id };
  }
}

/** A lote's row, with its new id, its Idempotency-Key and who created it. */
function loteRow(
  lote: Omit<
    LoteRow,
    'id' | 'idempotency_key' | 'idempotency_scope' | 'idempotency_hash' | 'created_by'
  >,
  idem: Idempotency,
  username: string,
): LoteRow {
  return {
    ...lote,
    id: crypto.randomUUID(),
    idempotency_key: idem.key,
    idempotency_scope: idem.scope,
    idempotency_hash: idem.hash,
    created_by: username,
  };
}
