import type { LoteCompraRequest } from '../../../contract';
import { recusaEmVoo, recusaLoteEmVoo } from '../../../shared/compras-em-voo';
import { legsProblem } from '../../../shared/legs';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { forEachBounded } from '../../lib/bounded';
import { HttpError, invalidFields } from '../../lib/http-error';
import { Mt5AgentError, sharedTimeoutMs, type AgentAddress } from '../../lib/mt5-agent';
import {
  confirmadas,
  emVooPorCliente,
  guardEmVoo,
  planCompra,
  resolveAgent,
  selectComprasEmVoo,
  type ChavesProprias,
  type EmVoo,
  type Idempotency,
} from '../ordens';
import { recusaDePernas, type PernaDoLote } from './recusas';

/**
 * What a buy lote is checked for before anything is stored, as a single buy is: each item's client and legs, each
 * leg against the client's terminal (the order pipeline's planCompra, as the single buy), and a buy of the stock already
 * in flight for a client (refused unless the operator confirms).
 */

export type ClienteLote = AgentAddress & { id: number; nome: string };

/** Each item's client exists and may be called, and its legs are the stock's (round lot and/or F), once each. */
export function checkItens(
  config: Config,
  req: LoteCompraRequest,
  clientes: ReadonlyMap<number, ClienteLote>,
  acaoCadastrada: boolean,
): void {
  const campos: Record<string, string> = {};
  if (!acaoCadastrada) campos.ticker_base = 'Ação não cadastrada.';
  req.itens.forEach((item, i) => {
    const cliente = clientes.get(item.cliente);
    if (!cliente) campos[`itens.${i}.cliente`] = 'Cliente não encontrado.';
    else {
      const resolved = resolveAgent(config, cliente);
      if (!resolved.agent) campos[`itens.${i}.cliente`] = resolved.motivo;
    }
    const fora = legsProblem(
      req.ticker_base,
      item.legs.map((l) => l.symbol),
    );
    if (fora) campos[`itens.${i}.legs`] = fora;
  });
  if (Object.keys(campos).length) throw invalidFields(campos);
}

/** The groups this lote's own key makes (`<key>:cliente:<id>`): a retry racing the first is not another buy. */
const propriasDoLote = (req: LoteCompraRequest, idem: Idempotency): ChavesProprias => ({
  scope: idem.scope,
  keys: req.itens.map((item) => `${idem.key}:cliente:${item.cliente}`),
});

/**
 * The checks that read the terminals and the database: a refused leg is a 400, then a buy in flight a 409 unless
 * confirmed, nothing stored either way. Answers what the lote's audit entry keeps of the confirmation, if any.
 */
export async function checkLoteCompra(
  db: Db,
  config: Config,
  req: LoteCompraRequest,
  clientes: ReadonlyMap<number, ClienteLote>,
  idem: Idempotency,
): Promise<Record<string, unknown> | undefined> {
  await checkTerminais(config, req, clientes);
  // The last question before storing, once nothing else is wrong with the lote.
  const ids = req.itens.map((item) => item.cliente);
  const rows = await selectComprasEmVoo(db, req.ticker_base, ids, propriasDoLote(req, idem));
  const emVoo = emVooPorCliente(rows, null);
  if (emVoo.size && !req.confirmar_compra_em_voo) throw recusaLote(req, clientes, emVoo);
  if (!emVoo.size) return undefined;
  return {
    compras_em_voo: req.itens.flatMap((item) =>
      confirmadas(emVoo.get(item.cliente) ?? []).map((c) => ({ cliente: item.cliente, ...c })),
    ),
  };
}

/** The storing transaction's own check of buys in flight (none when the operator confirmed them). */
export function guardLoteCompra(
  req: LoteCompraRequest,
  clientes: ReadonlyMap<number, ClienteLote>,
  idem: Idempotency,
): ((tx: Tx) => Promise<void>) | undefined {
  if (req.confirmar_compra_em_voo) return undefined;
  const ids = req.itens.map((item) => item.cliente);
  return (tx) =>
    guardEmVoo(tx, req.ticker_base, ids, propriasDoLote(req, idem), (found) =>
      recusaLote(req, clientes, found),
    );
}

function recusaLote(
  req: LoteCompraRequest,
  clientes: ReadonlyMap<number, ClienteLote>,
  emVoo: ReadonlyMap<number, EmVoo[]>,
): HttpError {
  const campos: Record<string, string> = {};
  const porCliente: Array<{ nome: string; motivo: string }> = [];
  req.itens.forEach((item, i) => {
    const own = emVoo.get(item.cliente);
    if (!own?.length) return;
    const motivo = recusaEmVoo(req.ticker_base, own);
    campos[`itens.${i}.cliente`] = motivo;
    porCliente.push({
      nome: clientes.get(item.cliente)?.nome ?? `Cliente ${item.cliente}`,
      motivo,
    });
  });
  return new HttpError(409, recusaLoteEmVoo(req.ticker_base, porCliente), campos);
}

/**
 * Each client's legs checked by its terminal, many terminals at a time within about one agent timeout. A terminal
 * that cannot be asked now keeps its order, stored and waiting for it as before (docs/decisions/0008-lotes.md).
 */
async function checkTerminais(
  config: Config,
  req: LoteCompraRequest,
  clientes: ReadonlyMap<number, ClienteLote>,
): Promise<void> {
  const { slots, timeoutMs } = sharedTimeoutMs(config.mt5, req.itens.length);
  const recusadas: PernaDoLote[] = [];
  const erros: unknown[] = [];
  await forEachBounded(
    req.itens.map((item, i) => ({ item, i })),
    slots,
    async ({ item, i }) => {
      const cliente = clientes.get(item.cliente)!;
      // Every item's agent resolved when the request was checked (checkItens).
      const agent = resolveAgent(config, cliente, timeoutMs).agent!;
      try {
        const { recusada } = await planCompra(agent, {
          ticker: req.ticker_base,
          preco: req.preco,
          tp: req.tp,
          quantidade: { legs: item.legs },
        });
        if (recusada) {
          recusadas.push({
            i,
            nome: cliente.nome,
            campo: `itens.${i}.legs.${recusada.index}`,
            recusada,
          });
        }
      } catch (err) {
        if (!(err instanceof Mt5AgentError)) erros.push(err);
      }
    },
  );
  if (erros.length) throw erros[0];
  if (recusadas.length) throw recusaDePernas(recusadas);
}
