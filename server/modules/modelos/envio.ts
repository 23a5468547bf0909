import crypto from 'node:crypto';
import type {
  PlanoCliente,
  Rebalancear,
  RebalanceamentoEnviado,
  RebalanceamentoValidacao,
} from '../../../contract';
import type { Db } from '../../db/client';
import { HttpError, conflict, invalidFields } from '../../lib/http-error';
import type { JobLog } from '../../lib/jobs';
import type { VendaEncadeada } from '../lotes';
import { idempotencyOf, type Idempotency } from '../ordens';
import {
  insertRebalanceamento,
  selectAcaoIds,
  selectOperacoesAbertas,
  selectRebalanceamentoByKey,
  type RebalanceamentoRow,
} from './envio-repository';
import { releaseRebalanceamento, type LiberacaoDeps } from './liberacao';
import { validateRebalanceamento } from './validacao';

/**
 * Sending a validated rebalance (issue 33): each client's plan is validated again against now (the terminals, the
 * book, the orders in flight, the quotes); a plan that no longer holds refuses the whole send (409 naming the
 * client and why), nothing stored. Then the sales become one sale lote and the buys a second lote linked to it,
 * each client's held until its sales have ended (liberacao.ts); both through the lotes module's create path.
 */

const CHAVE_REUSADA =
  'Esta Idempotency-Key já foi usada para outro rebalanceamento: cada envio novo precisa de uma chave nova.';
const ESCOPO = 'rebalanceamento';

const descrever = (o: { ticker: string; lado: string; quantidade: number }) =>
  `${o.lado === 'venda' ? 'venda' : 'compra'} de ${o.quantidade} ${o.ticker}`;

/** Why a client's sent orders are not its plan now, or null when they are. */
function divergencia(
  enviadas: Rebalancear['itens'][number]['ordens'],
  agora: PlanoCliente | undefined,
): string | null {
  if (!agora) return 'o cliente não foi encontrado';
  if (agora.excluido) {
    // The reason as a clause of the sentence that names the client.
    const motivo = (agora.motivo ?? 'o cliente ficou de fora do plano').replace(/\.$/, '');
    return `${motivo.charAt(0).toLowerCase()}${motivo.slice(1)}`;
  }
  const chave = (o: { ticker: string; lado: string; quantidade: number }) =>
    `${o.lado}:${o.ticker}:${o.quantidade}`;
  const atuais = new Set(agora.ordens.map(chave));
  const faltam = enviadas.filter((o) => !atuais.has(chave(o)));
  const enviadasSet = new Set(enviadas.map(chave));
  const novas = agora.ordens.filter((o) => !enviadasSet.has(chave(o)));
  if (!faltam.length && !novas.length) return null;
  const agoraTexto = novas.length ? novas.map(descrever).join(', ') : 'nenhuma outra ordem';
  return `o plano mudou (enviado: ${faltam.map(descrever).join(', ') || 'nada'}; agora: ${agoraTexto})`;
}

function checkPlano(req: Rebalancear, agora: RebalanceamentoValidacao): void {
  const porCliente = new Map(agora.itens.map((i) => [i.cliente, i]));
  const problemas = req.itens.flatMap((item) => {
    const plano = porCliente.get(item.cliente);
    const motivo = divergencia(item.ordens, plano);
    return motivo ? [`${plano?.nome ?? `Cliente ${item.cliente}`}: ${motivo}`] : [];
  });
  if (problemas.length) {
    throw conflict(
      `O plano não vale mais para ${problemas.join('; ')}. Nada foi enviado; valide de novo.`,
    );
  }
}

/** Each sale spread over the client's open operations of the stock, as few as it can (partial sales). */
async function vendasDoPlano(db: Db, req: Rebalancear): Promise<VendaEncadeada[]> {
  const pedidas = req.itens.flatMap((item) =>
    item.ordens.filter((o) => o.lado === 'venda').map((o) => ({ cliente: item.cliente, ...o })),
  );
  const ops = await selectOperacoesAbertas(
    db,
    [...new Set(pedidas.map((p) => p.cliente))],
    [...new Set(pedidas.map((p) => p.ticker))],
  );
  return pedidas.flatMap((p) => {
    let falta = p.quantidade;
    const vendas: VendaEncadeada[] = [];
    for (const op of ops) {
      if (falta === 0) break;
      if (op.cliente_id !== p.cliente || op.ticker !== p.ticker) continue;
      const quantidade = Math.min(falta, op.quantidade ?? 0);
      vendas.push({ operacao: op.id, quantidade });
      falta -= quantidade;
    }
    // The plan never sells beyond the book (its reconciled position): a shortfall is a book changed meanwhile.
    if (falta > 0)
      throw conflict(`O plano não vale mais: a carteira de ${p.ticker} mudou. Valide de novo.`);
    return vendas;
  });
}

/** Every stock of the orders is registered (a buy's operation needs it): else its field's 400. */
async function checkAcoes(db: Db, req: Rebalancear): Promise<void> {
  const tickers = [...new Set(req.itens.flatMap((i) => i.ordens.map((o) => o.ticker)))];
  const ids = await selectAcaoIds(db, tickers);
  const campos: Record<string, string> = {};
  req.itens.forEach((item, i) =>
    item.ordens.forEach((o, j) => {
      if (!ids.has(o.ticker)) campos[`itens.${i}.ordens.${j}.ticker`] = 'Ação não cadastrada.';
    }),
  );
  if (Object.keys(campos).length) throw invalidFields(campos);
}

const answerOf = (r: RebalanceamentoRow): RebalanceamentoEnviado => ({
  lote_venda: r.lote_venda_id,
  lote_compra: r.lote_compra_id,
});

async function existing(db: Db, idem: Idempotency): Promise<RebalanceamentoRow | null> {
  const row = await selectRebalanceamentoByKey(db, idem.scope, idem.key);
  if (!row) return null;
  if (row.idempotency_hash !== idem.hash) throw new HttpError(422, CHAVE_REUSADA);
  return row;
}

export async function sendRebalanceamento(
  { log, ...deps }: LiberacaoDeps & { log: JobLog },
  id: number,
  req: Rebalancear,
  key: string,
  username: string,
): Promise<RebalanceamentoEnviado> {
  const { db } = deps;
  const idem = idempotencyOf(key, ESCOPO, { modelo: id, ...req })!;
  const anterior = await existing(db, idem);
  if (anterior) return answerOf(anterior);

  const agora = await validateRebalanceamento(deps, id, {
    modo: req.modo,
    clientes: req.itens.map((i) => i.cliente),
    valor_minimo: req.valor_minimo,
    respeitar_isencao: req.respeitar_isencao,
  });
  checkPlano(req, agora);
  await checkAcoes(db, req);
  const vendas = await vendasDoPlano(db, req);
  const caixaDepois = new Map(agora.itens.map((i) => [i.cliente, i.caixa_depois]));
  const comCompras = req.itens
    .map((item) => ({
      cliente_id: item.cliente,
      caixa_depois: String(caixaDepois.get(item.cliente) ?? 0),
      compras: item.ordens
        .filter((o) => o.lado === 'compra')
        .map((o) => ({ ticker: o.ticker, quantidade: o.quantidade })),
    }))
    .filter((c) => c.compras.length);
  const row: RebalanceamentoRow = {
    id: crypto.randomUUID(),
    modelo_id: id,
    lote_venda_id: null,
    lote_compra_id: null,
    modo: req.modo,
    valor_minimo: req.valor_minimo === undefined ? null : String(req.valor_minimo),
    respeitar_isencao: req.respeitar_isencao ?? true,
    idempotency_key: idem.key,
    idempotency_scope: idem.scope,
    idempotency_hash: idem.hash,
    created_by: username,
    created_at: new Date(),
  };
  const { created, lotes } = await deps.lotes.encadeados.create({
    vendas,
    compras: comCompras.flatMap((c) => c.compras.map((x) => x.ticker)),
    idem: { key: idem.key, hash: idem.hash },
    username,
    gravar: async (tx, ids) => {
      Object.assign(row, { lote_venda_id: ids.lote_venda, lote_compra_id: ids.lote_compra });
      await insertRebalanceamento(tx, row, comCompras);
    },
    raced: async () => {
      const r = await selectRebalanceamentoByKey(db, idem.scope, idem.key);
      return r ? answerOf(r) : null;
    },
  });
  // The clients without sales need not wait: their buys go now (the others' when their sales end). A failure here
  // is the release job's to retry: the lotes are stored, and the answer names them.
  if (created) {
    await releaseRebalanceamento(deps, row, { sincronizar: false }).catch((err: unknown) =>
      log.warn({ err, rebalanceamento: row.id }, 'rebalance: buy release failed'),
    );
  }
  return lotes;
}
