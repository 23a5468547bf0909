import type { LoteVendaRequest } from '../../../contract';
import { splitLegs } from '../../../shared/legs';
import { motivoForaDoLote, quantidadeDoPercentual } from '../../../shared/venda-parcial';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { forEachBounded } from '../../lib/bounded';
import { HttpError, badRequest, conflict, invalidFields, notFound } from '../../lib/http-error';
import { sharedTimeoutMs, statusFromError } from '../../lib/mt5-agent';
import { acimaDoTerminal, planVenda, resolveAgent } from '../ordens';
import { clausula, frase, recusaDePernas, type PernaDoLote } from './recusas';
import { lockOperacoes, operacoesComVendaEmAndamento, selectOperacoesVenda } from './repository';

/**
 * What a sale lote is checked for before anything is stored, as a single sale is: each operation found, with a
 * quantity and a client that may be called; one stock; none sold or already being sold; and each client's terminal
 * through the order pipeline's planVenda (it trades, holds what the book sells, takes each leg).
 */

export type OperacaoVenda = Awaited<ReturnType<typeof selectOperacoesVenda>>[number] & {
  /** What the lote sells of it: its quantity × percentual / 100, rounded down (issue 34). */
  vender: number;
};

/** An operation the percentual leaves with no whole share to sell: not sent, with why. */
export interface ForaDoLote {
  operacao: number;
  nome: string;
  motivo: string;
}

/**
 * The request's operations, in its order, once each is found, has a quantity, and its client may be called; those
 * the percentual leaves with 0 shares apart, with why (a 400 when that is all of them).
 */
export async function checkOperacoes(
  db: Db,
  config: Config,
  req: LoteVendaRequest,
): Promise<{ ops: OperacaoVenda[]; fora: ForaDoLote[] }> {
  const found = new Map((await selectOperacoesVenda(db, req.operacoes)).map((o) => [o.id, o]));
  const campos: Record<string, string> = {};
  req.operacoes.forEach((id, i) => {
    const op = found.get(id);
    if (!op) campos[`operacoes.${i}`] = 'Operação não encontrada.';
    else if (!op.quantidade || op.quantidade <= 0) {
      campos[`operacoes.${i}`] = 'A operação não tem quantidade para vender.';
    } else {
      const resolved = resolveAgent(config, op);
      if (!resolved.agent) campos[`operacoes.${i}`] = resolved.motivo;
    }
  });
  if (Object.keys(campos).length) throw invalidFields(campos);
  const percentual = req.percentual ?? 100;
  const todas = req.operacoes.map((id) => {
    const op = found.get(id)!;
    return { ...op, vender: quantidadeDoPercentual(op.quantidade!, percentual) };
  });
  const { ops, fora } = separarFora(todas, percentual);
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
  await refuseSalesInFlight(db, ops);
  return { ops, fora };
}

/** The operations with shares to sell at the request's percentual, and the others with why. */
function separarFora(
  todas: OperacaoVenda[],
  percentual: number,
): { ops: OperacaoVenda[]; fora: ForaDoLote[] } {
  const fora = todas
    .filter((o) => o.vender === 0)
    .map((o) => ({
      operacao: o.id,
      nome: o.nome,
      motivo: motivoForaDoLote(o.quantidade!, percentual),
    }));
  const ops = todas.filter((o) => o.vender > 0);
  if (ops.length === 0) {
    throw badRequest(
      `Nenhuma operação tem ação inteira a vender a ${percentual} %: ${frase(fora.map((f) => `${f.nome}, ${f.motivo}`))}`,
    );
  }
  return { ops, fora };
}

/** A 409 naming the operations that already have a sale in flight. */
export async function refuseSalesInFlight(
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

/** An operation's sale: what the lote sells of it, round lot and fractional legs. */
export const legsDaVenda = (op: OperacaoVenda) => splitLegs(op.ticker, op.vender);

/**
 * Each client's terminal, many at a time, through planVenda (issue 34, rough edge 2: what can be sent is sent): a
 * client whose terminal cannot be asked, cannot trade or refuses a leg is left out of the lote, named with why in
 * the answer, and the others' sales go ahead; when that is everyone, the lote is refused in one sentence naming each
 * (a 502 when no terminal could be asked, else a 400), nothing stored. A terminal holding less than the client's
 * operations sell is a 409 unless confirmed.
 */
export async function checkTerminaisVenda(
  config: Config,
  req: LoteVendaRequest,
  ops: readonly OperacaoVenda[],
): Promise<{ ops: OperacaoVenda[]; fora: ForaDoLote[] }> {
  const byCliente = new Map<number, OperacaoVenda[]>();
  for (const op of ops) byCliente.set(op.cliente_id, [...(byCliente.get(op.cliente_id) ?? []), op]);
  const clientes = [...byCliente.values()];
  const { slots, timeoutMs } = sharedTimeoutMs(config.mt5, clientes.length);
  const fora = new Map<number, { nome: string; motivo: string; semResposta: boolean }>();
  const over: Array<{ nome: string; message: string; ids: number[] }> = [];
  const recusadas: PernaDoLote[] = [];
  await forEachBounded(clientes, slots, async (own) => {
    const first = own[0]!;
    const deixar = (motivo: string, semResposta = false) => {
      fora.set(first.cliente_id, { nome: first.nome, motivo: clausula(motivo), semResposta });
    };
    // Every operation's agent resolved when the request was checked.
    const agent = resolveAgent(config, first, timeoutMs).agent!;
    try {
      const plano = await planVenda(agent, {
        ticker: first.ticker,
        preco: req.preco,
        vendas: own.map(legsDaVenda),
      });
      if (plano.problema) return deixar(`terminal não pode negociar agora: ${plano.problema}`);
      if (plano.recusada) {
        const i = ops.indexOf(own[plano.recusada.venda]!);
        const perna = { i, nome: first.nome, campo: `operacoes.${i}`, recusada: plano.recusada };
        recusadas.push(perna);
        return deixar(`perna ${perna.recusada.symbol}: ${perna.recusada.motivo}`);
      }
      if (plano.vendendo > plano.noTerminal) {
        const message = acimaDoTerminal(first.ticker, plano.vendendo, plano.noTerminal);
        over.push({ nome: first.nome, message, ids: own.map((o) => o.id) });
      }
    } catch (err) {
      const detail = statusFromError(err).detail ?? 'sem resposta';
      deixar(`terminal MT5 sem resposta (${clausula(detail)})`, true);
    }
  });
  const enviadas = ops.filter((o) => !fora.has(o.cliente_id));
  if (enviadas.length === 0) throw nadaAEnviar([...fora.values()], recusadas);
  if (over.length && !req.confirmar_acima_do_terminal) throw acimaDosTerminais(ops, over);
  return {
    ops: enviadas,
    fora: ops
      .filter((o) => fora.has(o.cliente_id))
      .map((o) => ({
        operacao: o.id,
        nome: o.nome,
        motivo: maiuscula(fora.get(o.cliente_id)!.motivo),
      })),
  };
}

/** A clause as a reason of its own: capitalised, with its period. */
const maiuscula = (motivo: string) => `${motivo.charAt(0).toUpperCase()}${motivo.slice(1)}.`;

/** Every client left out: one sentence naming each with why; the refused legs' fields when there are any. */
function nadaAEnviar(
  fora: Array<{ nome: string; motivo: string; semResposta: boolean }>,
  recusadas: readonly PernaDoLote[],
): HttpError {
  const nomes = fora
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
    .map((f) => `${f.nome}, ${f.motivo}`);
  const detail = `Nada foi enviado, nenhum cliente do lote pode vender agora: ${frase(nomes)}`;
  if (fora.every((f) => f.semResposta)) return new HttpError(502, detail);
  const campos = recusadas.length ? recusaDePernas(recusadas).campos : undefined;
  return new HttpError(400, detail, campos);
}

function acimaDosTerminais(
  ops: readonly OperacaoVenda[],
  over: Array<{ nome: string; message: string; ids: number[] }>,
): HttpError {
  over.sort((a, b) => a.nome.localeCompare(b.nome));
  const campos: Record<string, string> = {};
  for (const o of over) {
    for (const id of o.ids) campos[`operacoes.${ops.findIndex((op) => op.id === id)}`] = o.message;
  }
  return new HttpError(
    409,
    over.length === 1
      ? `${over[0]!.nome}: ${over[0]!.message}`
      : `Os terminais de ${over.length} clientes têm menos ações que a venda (${over.map((o) => o.nome).join(', ')}). ` +
          'Confira as posições (Conciliação); para vender assim mesmo, confirme a venda acima da posição do terminal.',
    campos,
  );
}

/**
 * The storing transaction's check, under the operations' row locks, which an edit or a deletion takes too: what is
 * sold is what the book holds, and no sale of them started meanwhile.
 */
export function guardLoteVenda(
  req: LoteVendaRequest,
  ops: readonly OperacaoVenda[],
): (tx: Tx) => Promise<void> {
  return async (tx) => {
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
    await refuseSalesInFlight(tx, ops);
  };
}
