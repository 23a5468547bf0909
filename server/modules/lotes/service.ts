import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { LoteCancelamento, LoteItemStatus, LoteResumo, LoteStatus } from '../../../contract';
import { price } from '../../../shared/decimal';
import { contarItens } from '../../../shared/lotes';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orderLotes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { forEachBounded } from '../../lib/bounded';
import { HttpError, conflict, notFound, uuidOr404 } from '../../lib/http-error';
import { sharedTimeoutMs } from '../../lib/mt5-agent';
import { inFlight, withTimeout, type LoteSync } from './sync';
import {
  listLotesResumo,
  lotesInFlight,
  selectGroupsOfLote,
  selectLegsOfGroups,
  selectLote,
  type Lote,
  type LoteGroup,
} from './repository';
import { answerFor, cancelGroup } from '../ordens';

/**
 * The "boleta em lote" (issue 16, docs/decisions/0008-lotes.md): one buy sized for many clients, or one sale for
 * many operations. A lote and all its groups and legs are stored in one transaction before any order leaves; each
 * group is then an ordinary order of the ordens module (sent, followed and applied exactly once by the same code
 * as a single buy or sale), and the agents are asked many at a time, within about one agent timeout.
 */

const LOTE_NAO_ENCONTRADO = 'Lote não encontrado.';
/** How many lotes the list shows. */
const LISTA_LOTES = 100;

/** Following lotes once created (lote-criacao.ts): their status, the list, cancelling, and the reconciler. */
export class Lotes {
  /** Status answers being prepared, per lote. */
  private readonly answering = new Map<string, Promise<LoteStatus>>();

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly sync: LoteSync,
  ) {}

  // ---- Status ---------------------------------------------------------------------------------------------------

  private async loadLote(loteId: string): Promise<Lote> {
    const lote = await selectLote(this.db, uuidOr404(loteId, LOTE_NAO_ENCONTRADO));
    if (!lote) throw notFound(LOTE_NAO_ENCONTRADO);
    return lote;
  }

  /**
   * Every group of the lote, brought up to date with the terminals many at a time. However many clients, the
   * answer comes within about one agent timeout: groups whose terminal has not answered by then are answered as
   * stored, and their sync goes on for the next call.
   */
  status(loteId: string, username: string): Promise<LoteStatus> {
    // Pollers of one lote asking together (several screens, a reconciler round) share one sync and one read.
    const running = this.answering.get(loteId);
    if (running) return running;
    const answer = this.syncAndAnswer(loteId, username).finally(() =>
      this.answering.delete(loteId),
    );
    this.answering.set(loteId, answer);
    return answer;
  }

  private async syncAndAnswer(loteId: string, username: string): Promise<LoteStatus> {
    const lote = await this.loadLote(loteId);
    const open = (await selectGroupsOfLote(this.db, lote.id)).filter(inFlight);
    await this.sync.groups(open, username);
    return this.answer(lote, username);
  }

  /** The lote as stored; the first answer that finds every group ended records the lote's outcome, once. */
  private async answer(lote: Lote, username: string): Promise<LoteStatus> {
    const groups = await selectGroupsOfLote(this.db, lote.id);
    const legs = await selectLegsOfGroups(
      this.db,
      groups.map((g) => g.id),
    );
    const itens = groups.map((g: LoteGroup): LoteItemStatus => ({
      ...answerFor(g, legs.get(g.id) ?? []),
      cliente: g.cliente_id,
      nome: g.nome,
      operacao: g.lado === 'venda' ? g.operacao_id : null,
    }));
    // A lote still waiting for orders (a rebalance's buys held until the sales end) is not finished yet.
    const finished = !lote.aguardando && itens.every((i) => i.finished);
    const executed_all = itens.length > 0 && itens.every((i) => i.executed_all);
    if (finished && lote.finished_at === null) await this.markFinished(lote, itens, username);
    return {
      lote_id: lote.id,
      lado: lote.lado,
      ticker_base: lote.ticker_base,
      execucao: lote.execucao,
      preco: price(lote.preco),
      tp: price(lote.tp),
      regra: lote.regra,
      valor: lote.valor === null ? null : Number(lote.valor),
      criado_em: lote.created_at.toISOString(),
      criado_por: lote.created_by,
      executed_all,
      finished,
      itens,
    };
  }

  private async markFinished(lote: Lote, itens: LoteItemStatus[], username: string): Promise<void> {
    // Called once every order has ended: none is still going.
    const { executadas, parciais, falhas } = contarItens(itens);
    await this.db.transaction(async (tx) => {
      const marked = await tx
        .update(orderLotes)
        .set({ finished_at: new Date() })
        .where(and(eq(orderLotes.id, lote.id), isNull(orderLotes.finished_at)))
        .returning({ id: orderLotes.id });
      if (marked.length === 0) return;
      await audit(tx, {
        username,
        action: 'complete',
        entity: 'order_lote',
        entityId: lote.id,
        after: { executadas, parciais, falhas },
      });
    });
  }

  async list(): Promise<LoteResumo[]> {
    const rows = await listLotesResumo(this.db, LISTA_LOTES);
    return rows.map((r) => ({
      lote_id: r.id,
      lado: r.lado,
      ticker_base: r.ticker_base,
      execucao: r.execucao,
      criado_em: new Date(r.created_at).toISOString(),
      criado_por: r.created_by,
      clientes: r.clientes,
      executadas: r.executadas,
      parciais: r.parciais,
      falhas: r.falhas,
      em_andamento: r.em_andamento,
      finished: r.em_andamento === 0 && !r.aguardando,
    }));
  }

  // ---- Cancel -----------------------------------------------------------------------------------------------------

  /**
   * Asks each terminal to cancel what the lote's orders still have open (resting limit orders), many at a time;
   * the status that follows shows them end as usual (what did fill is recorded).
   */
  async cancel(loteId: string, username: string): Promise<LoteCancelamento> {
    const lote = await this.loadLote(loteId);
    const open = (await selectGroupsOfLote(this.db, lote.id)).filter(inFlight);
    if (open.length === 0)
      throw conflict('Todas as ordens do lote já terminaram: não há o que cancelar.');
    const { slots, timeoutMs } = sharedTimeoutMs(this.config.mt5, open.length);
    const cancelamentos: LoteCancelamento['cancelamentos'] = [];
    await forEachBounded(open, slots, async (g) => {
      const base = { cliente: g.cliente_id, nome: g.nome, group_id: g.id };
      try {
        await cancelGroup(this.db, withTimeout(this.config, timeoutMs), g.id, username);
        cancelamentos.push({ ...base, ok: true, motivo: null });
      } catch (err) {
        if (!(err instanceof HttpError)) this.log.warn({ err, group: g.id }, 'lote: cancel failed');
        cancelamentos.push({
          ...base,
          ok: false,
          motivo:
            err instanceof HttpError ? err.detail : 'Falha inesperada ao pedir o cancelamento.',
        });
      }
    });
    cancelamentos.sort((a, b) => a.nome.localeCompare(b.nome));
    await audit(this.db, {
      username,
      action: 'cancel_request',
      entity: 'order_lote',
      entityId: lote.id,
      after: { cancelamentos },
    });
    return { ...(await this.answer(lote, username)), cancelamentos };
  }

  // ---- Background -----------------------------------------------------------------------------------------------

  /** Finishes every lote nobody polls (a closed browser, a restart mid-lote): the status call's own path. */
  async reconcile(signal: AbortSignal): Promise<void> {
    for (const loteId of await lotesInFlight(this.db)) {
      if (signal.aborted) return;
      await this.status(loteId, 'sistema').catch((err: unknown) =>
        this.log.warn({ err, lote: loteId }, 'lote reconciliation failed'),
      );
    }
  }

  /** Waits for the sends and syncs under way (a clean stop). */
  drain(): Promise<void> {
    return this.sync.drain();
  }
}
