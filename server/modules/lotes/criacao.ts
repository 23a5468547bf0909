import crypto from 'node:crypto';
import type { LoteCompraRequest, LoteIdResponse, LoteVendaRequest } from '../../../contract';
import { positionsByBase, splitLegs, type LegPlan } from '../../../shared/legs';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { audit, type AuditEntry } from '../../lib/audit';
import { forEachBounded } from '../../lib/bounded';
import { HttpError, badRequest, conflict, invalidFields, notFound } from '../../lib/http-error';
import { sharedTimeoutMs, statusFromError, type AgentAddress } from '../../lib/mt5-agent';
import { resolveAgent } from '../ordens';
import { checarItens, conferirLoteCompra, guardaLoteCompra } from './compra';
import type { LoteSync } from './sync';
import {
  insertLote,
  lockOperacoes,
  operacoesComVendaEmAndamento,
  selectClientesLote,
  selectLoteByKey,
  selectOperacoesVenda,
  type NewLote,
} from './repository';
import { findAcaoPorTicker } from '../acoes';
import { idempotencyOf, type Group, type Idempotency } from '../ordens';
import { terminalProblem } from '../ordens';
import { acimaDoTerminal } from '../ordens';

const LOTE_KEY_REUSED =
  'Esta Idempotency-Key já foi usada para outro lote: cada lote novo precisa de uma chave nova.';

interface GroupPlan {
  row: NewGroup;
  legs: LegPlan[];
}
type NewGroup = Omit<Group, 'created_at' | 'updated_at' | 'completed_at' | 'erro' | 'state'>;

/**
 * Creating a lote (a buy sized for many clients, or a sale of many operations): checked, then the lote, its
 * groups and legs stored in one transaction before any order leaves, then sent (docs/decisions/0008-lotes.md).
 */
export class CriacaoDeLotes {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly sync: LoteSync,
  ) {}

  /**
   * Stores a buy lote (or answers the one this key already made) and sends it, once checked as a single buy is
   * (lote-compra.ts). `onStored` learns how long storing took (the answer's Server-Timing: `npm run bench -- lotes`
   * compares it with the inserts alone).
   */
  async criarCompra(
    req: LoteCompraRequest,
    key: string,
    username: string,
    onStored?: (ms: number) => void,
  ): Promise<LoteIdResponse> {
    const started = performance.now();
    const idem = idempotencyOf(key, 'lote:compra', req)!;
    const existing = await this.existing(idem);
    if (existing) return { lote_id: existing };

    const acaoId = (await findAcaoPorTicker(this.db, req.ticker_base))?.id;
    const ids = req.itens.map((item) => item.cliente);
    const clientes = new Map((await selectClientesLote(this.db, ids)).map((c) => [c.id, c]));
    checarItens(this.config, req, clientes, acaoId !== undefined);
    const confirmado = await conferirLoteCompra(this.db, this.config, req, clientes, idem);

    const loteId = crypto.randomUUID();
    const lote: NewLote = {
      id: loteId,
      lado: 'compra',
      ticker_base: req.ticker_base,
      execucao: req.execucao,
      preco: req.preco === undefined ? null : String(req.preco),
      tp: String(req.tp),
      regra: req.regra ?? null,
      valor: req.valor === undefined ? null : String(req.valor),
      idempotency_key: idem.key,
      idempotency_scope: idem.scope,
      idempotency_hash: idem.hash,
      created_by: username,
    };
    const plans = req.itens.map((item): GroupPlan => ({
      legs: item.legs,
      row: {
        id: crypto.randomUUID(),
        lote_id: loteId,
        cliente_id: item.cliente,
        lado: 'compra',
        ticker_base: req.ticker_base,
        acao_id: acaoId!,
        execucao: req.execucao,
        preco: lote.preco ?? null,
        tp: lote.tp ?? null,
        operacao_id: null,
        // Derived from the lote's: one order per client per lote, whatever races happen.
        idempotency_key: `${idem.key}:cliente:${item.cliente}`,
        idempotency_scope: idem.scope,
        idempotency_hash: idem.hash,
        created_by: username,
      },
    }));
    const guard = guardaLoteCompra(req, clientes, idem);
    return this.store(lote, plans, idem, username, { started, onStored }, guard, confirmado);
  }

  /**
   * Stores a sale lote: each operation's whole quantity, one group per operation. As the single sale does, each
   * client's terminal is asked first whether it holds what its book sells (refused unless confirmed); a terminal
   * that cannot be asked is a 502 and nothing is stored.
   */
  async criarVenda(
    req: LoteVendaRequest,
    key: string,
    username: string,
    onStored?: (ms: number) => void,
  ): Promise<LoteIdResponse> {
    const started = performance.now();
    const idem = idempotencyOf(key, 'lote:venda', req)!;
    const existing = await this.existing(idem);
    if (existing) return { lote_id: existing };

    const found = new Map(
      (await selectOperacoesVenda(this.db, req.operacoes)).map((o) => [o.id, o]),
    );
    const campos: Record<string, string> = {};
    req.operacoes.forEach((id, i) => {
      const op = found.get(id);
      if (!op) campos[`operacoes.${i}`] = 'Operação não encontrada.';
      else if (!op.quantidade || op.quantidade <= 0) {
        campos[`operacoes.${i}`] = 'A operação não tem quantidade para vender.';
      } else {
        const resolved = resolveAgent(this.config, op);
        if (!resolved.agent) campos[`operacoes.${i}`] = resolved.motivo;
      }
    });
    if (Object.keys(campos).length) throw invalidFields(campos);
    const ops = req.operacoes.map((id) => found.get(id)!);
    const tickers = new Set(ops.map((o) => o.ticker));
    if (tickers.size > 1) {
      throw badRequest(
        `Um lote de venda é de uma ação só; estas operações são de ${[...tickers].sort().join(', ')}.`,
      );
    }
    const vendidas = ops.filter((o) => o.data_venda !== null);
    if (vendidas.length) {
      throw conflict(
        `Operações já vendidas: ${vendidas.map((o) => `${o.nome} (${o.id})`).join(', ')}.`,
      );
    }
    await this.refuseSalesInFlight(this.db, ops);
    await this.checkTerminals(ops, req.confirmar_acima_do_terminal === true);

    const ticker = ops[0]!.ticker;
    const loteId = crypto.randomUUID();
    const preco = req.preco === undefined ? null : String(req.preco);
    const lote: NewLote = {
      id: loteId,
      lado: 'venda',
      ticker_base: ticker,
      execucao: req.execucao,
      preco,
      tp: null,
      regra: null,
      valor: null,
      idempotency_key: idem.key,
      idempotency_scope: idem.scope,
      idempotency_hash: idem.hash,
      created_by: username,
    };
    const plans = ops.map((op): GroupPlan => ({
      legs: splitLegs(op.ticker, op.quantidade!),
      row: {
        id: crypto.randomUUID(),
        lote_id: loteId,
        cliente_id: op.cliente_id,
        lado: 'venda',
        ticker_base: op.ticker,
        acao_id: op.acao_id,
        execucao: req.execucao,
        preco,
        tp: null,
        operacao_id: op.id,
        idempotency_key: `${idem.key}:operacao:${op.id}`,
        idempotency_scope: idem.scope,
        idempotency_hash: idem.hash,
        created_by: username,
      },
    }));
    return this.store(lote, plans, idem, username, { started, onStored }, async (tx) => {
      // Under the operations' row locks, which an edit or a deletion takes too: what is sold is what the book holds.
      const now = new Map((await lockOperacoes(tx, req.operacoes)).map((o) => [o.id, o]));
      for (const op of ops) {
        const current = now.get(op.id);
        if (!current)
          throw notFound(`A operação ${op.id} foi excluída enquanto o lote era preparado.`);
        if (current.data_venda !== null) throw conflict(`A operação ${op.id} já foi vendida.`);
        if (current.quantidade !== op.quantidade) {
          throw conflict(
            `A operação ${op.id} (${op.nome}) mudou enquanto o lote era preparado: confira e envie de novo.`,
          );
        }
      }
      await this.refuseSalesInFlight(tx, ops);
    });
  }

  private async refuseSalesInFlight(
    db: Db | Tx,
    ops: ReadonlyArray<{ id: number; nome: string }>,
  ): Promise<void> {
    const busy = await operacoesComVendaEmAndamento(
      db,
      ops.map((o) => o.id),
    );
    if (busy.size) {
      const names = ops.filter((o) => busy.has(o.id)).map((o) => `${o.nome} (${o.id})`);
      throw conflict(`Já existe uma venda em andamento para: ${names.join(', ')}.`);
    }
  }

  /**
   * Each client's terminal, many at a time: it must answer, trade, and hold at least what its book sells (the
   * over-sell rule of the single sale, summed over the client's operations in the lote).
   */
  private async checkTerminals(
    ops: ReadonlyArray<
      {
        id: number;
        cliente_id: number;
        nome: string;
        ticker: string;
        quantidade: number | null;
      } & AgentAddress
    >,
    confirmed: boolean,
  ): Promise<void> {
    const byCliente = new Map<number, typeof ops>();
    for (const op of ops)
      byCliente.set(op.cliente_id, [...(byCliente.get(op.cliente_id) ?? []), op]);
    const clientes = [...byCliente.values()];
    const { slots, timeoutMs } = sharedTimeoutMs(this.config.mt5, clientes.length);
    const unreachable: string[] = [];
    const cannotTrade: string[] = [];
    const over: Array<{ nome: string; message: string; ids: number[] }> = [];
    await forEachBounded(clientes, slots, async (own) => {
      const first = own[0]!;
      // Every operation's agent resolved when the request was checked.
      const agent = resolveAgent(this.config, first, timeoutMs).agent!;
      try {
        const [health, positions] = await Promise.all([agent.health(), agent.positions()]);
        const problem = terminalProblem(health);
        if (problem) {
          cannotTrade.push(`${first.nome}: ${problem}`);
          return;
        }
        const selling = own.reduce((sum, op) => sum + (op.quantidade ?? 0), 0);
        const noTerminal = positionsByBase(positions).get(first.ticker) ?? 0;
        if (selling > noTerminal) {
          over.push({
            nome: first.nome,
            message: acimaDoTerminal(first.ticker, selling, noTerminal),
            ids: own.map((o) => o.id),
          });
        }
      } catch (err) {
        unreachable.push(`${first.nome} (${statusFromError(err).detail ?? 'sem resposta'})`);
      }
    });
    if (unreachable.length) {
      throw new HttpError(
        502,
        `Não foi possível conferir o terminal MT5 de: ${unreachable.sort().join(', ')}. ` +
          'Nada foi enviado; tire esses clientes do lote ou tente de novo.',
      );
    }
    if (cannotTrade.length) {
      throw badRequest(`Terminais que não podem negociar agora: ${cannotTrade.sort().join('; ')}.`);
    }
    if (over.length && !confirmed) {
      over.sort((a, b) => a.nome.localeCompare(b.nome));
      const campos: Record<string, string> = {};
      for (const o of over) {
        for (const id of o.ids)
          campos[`operacoes.${ops.findIndex((op) => op.id === id)}`] = o.message;
      }
      throw new HttpError(
        409,
        over.length === 1
          ? `${over[0]!.nome}: ${over[0]!.message}`
          : `Os terminais de ${over.length} clientes têm menos ações que a venda (${over.map((o) => o.nome).join(', ')}). ` +
              'Confira as posições (Conciliação); para vender assim mesmo, confirme a venda acima da posição do terminal.',
        campos,
      );
    }
  }

  /** The lote a retried request already created; the same key with another request is a 422. */
  private async existing(idem: Idempotency): Promise<string | null> {
    const row = await selectLoteByKey(this.db, idem.scope, idem.key);
    if (!row) return null;
    if (row.idempotency_hash !== idem.hash) throw new HttpError(422, LOTE_KEY_REUSED);
    return row.id;
  }

  /**
   * The lote, every group and every leg in one transaction, audited, before any agent is called; then every
   * group's legs are sent, many clients at a time, and the answer waits at most about one agent timeout for them
   * (a send still under way goes on, and the status calls pick it up). Two submits of one key racing: the loser
   * answers the winner's lote.
   */
  private async store(
    lote: NewLote,
    plans: GroupPlan[],
    idem: Idempotency,
    username: string,
    timing: { started: number; onStored?: ((ms: number) => void) | undefined },
    guard?: (tx: Tx) => Promise<void>,
    /** What the operator confirmed to send it (kept in the lote's audit entry). */
    confirmado?: Record<string, unknown>,
  ): Promise<LoteIdResponse> {
    const groups = plans.map((p) => p.row);
    const legs = plans.flatMap((p) =>
      p.legs.map((leg, i) => ({
        group_id: p.row.id,
        leg: i + 1,
        symbol: leg.symbol,
        volume: leg.quantidade,
        client_order_id: `${p.row.id}:${i + 1}`,
      })),
    );
    const entries: AuditEntry[] = [
      {
        username,
        action: 'create',
        entity: 'order_lote',
        entityId: lote.id,
        after: {
          ...lote,
          grupos: groups.map((g) => g.id),
          ...(confirmado && { confirmado }),
        },
      },
      ...plans.map((p) => ({
        username,
        action: 'create',
        entity: 'order_group',
        entityId: p.row.id,
        after: { ...p.row, legs: legs.filter((l) => l.group_id === p.row.id) },
      })),
    ];
    try {
      await this.db.transaction(async (tx) => {
        await guard?.(tx);
        await insertLote(tx, lote, groups, legs);
        await audit(tx, entries);
      });
    } catch (err) {
      if (err instanceof HttpError) throw err;
      const raced = await this.existing(idem);
      if (raced) return { lote_id: raced };
      // A sale's partial unique index (one sale in flight per operation) lost a race with another submit.
      if (lote.lado === 'venda') {
        await this.refuseSalesInFlight(
          this.db,
          plans.map((p) => ({ id: p.row.operacao_id!, nome: `cliente ${p.row.cliente_id}` })),
        );
      }
      throw err;
    }
    timing.onStored?.(performance.now() - timing.started);
    await this.sync.groups(groups, username);
    return { lote_id: lote.id! };
  }
}
