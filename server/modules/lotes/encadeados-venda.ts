import { splitLegs } from '../../../shared/legs';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { forEachBounded } from '../../lib/bounded';
import { HttpError, conflict } from '../../lib/http-error';
import { sharedTimeoutMs, statusFromError } from '../../lib/mt5-agent';
import { acimaDoTerminal, planVenda, resolveAgent } from '../ordens';
import { lockOperacoes, selectOperacoesVenda } from './repository';
import { refuseSalesInFlight } from './venda';

/**
 * The sales of a sale lote of many stocks (a rebalance's, issue 33): each one part or all of one operation, checked
 * as every sale is before anything is stored — the operation open and holding what is sold, no sale of it in
 * flight, and each client's terminal through the order pipeline's planVenda, once per stock (it trades, holds what
 * the book sells, takes each leg). Anything wrong refuses the whole lote naming the client: the plan the operator
 * validated no longer holds.
 */

export interface VendaEncadeada {
  operacao: number;
  /** Shares of it to sell (all or part: issue 34's partial sale). */
  quantidade: number;
}

export type OperacaoEncadeada = Awaited<ReturnType<typeof selectOperacoesVenda>>[number] & {
  vender: number;
};

export const legsDaOperacao = (op: OperacaoEncadeada) => splitLegs(op.ticker, op.vender);

/** The operations sold, in the request's order, once each is open, holds the shares and may be called. */
export async function checkVendas(
  db: Db,
  config: Config,
  vendas: readonly VendaEncadeada[],
): Promise<OperacaoEncadeada[]> {
  const found = new Map(
    (
      await selectOperacoesVenda(
        db,
        vendas.map((v) => v.operacao),
      )
    ).map((o) => [o.id, o]),
  );
  const problemas: string[] = [];
  const ops = vendas.flatMap((v) => {
    const op = found.get(v.operacao);
    if (!op) {
      problemas.push(`a operação ${v.operacao} não existe mais`);
      return [];
    }
    if (op.data_venda !== null || (op.quantidade ?? 0) < v.quantidade) {
      problemas.push(`${op.nome}: a operação ${op.id} (${op.ticker}) mudou`);
    } else {
      const resolved = resolveAgent(config, op);
      if (!resolved.agent) problemas.push(`${op.nome}: ${resolved.motivo}`);
    }
    return [{ ...op, vender: v.quantidade }];
  });
  if (problemas.length) throw planoMudou(problemas);
  await refuseSalesInFlight(db, ops);
  await checkTerminais(config, ops);
  return ops;
}

const planoMudou = (problemas: string[]) =>
  conflict(
    `O plano não vale mais: ${problemas.sort().join('; ')}. Nada foi enviado; valide de novo.`,
  );

/** Each client's terminal once per stock, many at a time within about one agent timeout. */
async function checkTerminais(config: Config, ops: readonly OperacaoEncadeada[]): Promise<void> {
  const porAtivo = new Map<string, OperacaoEncadeada[]>();
  for (const op of ops) {
    const chave = `${op.cliente_id}:${op.ticker}`;
    porAtivo.set(chave, [...(porAtivo.get(chave) ?? []), op]);
  }
  const grupos = [...porAtivo.values()];
  const { slots, timeoutMs } = sharedTimeoutMs(config.mt5, grupos.length);
  const semResposta: string[] = [];
  const problemas: string[] = [];
  await forEachBounded(grupos, slots, async (own) => {
    const first = own[0]!;
    const agent = resolveAgent(config, first, timeoutMs).agent!;
    try {
      const plano = await planVenda(agent, {
        ticker: first.ticker,
        vendas: own.map(legsDaOperacao),
      });
      if (plano.problema) problemas.push(`${first.nome}: ${plano.problema}`);
      else if (plano.recusada) {
        problemas.push(`${first.nome}, perna ${plano.recusada.symbol}: ${plano.recusada.motivo}`);
      } else if (plano.vendendo > plano.noTerminal) {
        problemas.push(
          `${first.nome}: ${acimaDoTerminal(first.ticker, plano.vendendo, plano.noTerminal)}`,
        );
      }
    } catch (err) {
      semResposta.push(`${first.nome} (${statusFromError(err).detail ?? 'sem resposta'})`);
    }
  });
  if (semResposta.length) {
    throw new HttpError(
      502,
      `Não foi possível conferir o terminal MT5 de: ${[...new Set(semResposta)].sort().join(', ')}. ` +
        'Nada foi enviado; tente de novo.',
    );
  }
  if (problemas.length) throw planoMudou(problemas.map((p) => p.replace(/[.\s]+$/, '')));
}

/**
 * The storing transaction's check, under the operations' row locks (which an edit or a deletion takes too): each
 * is still open with the quantity read, and no sale of them started meanwhile.
 */
export async function guardVendas(tx: Tx, ops: readonly OperacaoEncadeada[]): Promise<void> {
  const now = new Map(
    (
      await lockOperacoes(
        tx,
        ops.map((o) => o.id),
      )
    ).map((o) => [o.id, o]),
  );
  const mudaram = ops.filter((op) => {
    const current = now.get(op.id);
    return !current || current.data_venda !== null || current.quantidade !== op.quantidade;
  });
  if (mudaram.length) {
    throw planoMudou(mudaram.map((o) => `${o.nome}: a operação ${o.id} (${o.ticker}) mudou`));
  }
  await refuseSalesInFlight(tx, ops);
}
