import { endpoints, type Execucao, type LoteItemValidacao } from '../../contract';
import { NENHUM } from './cenas-cadastro';
import { NENHUMA_ORDEM } from './cenas-ordens';
import type { Recorder } from './recorder';

const { lotes, operacoes } = endpoints;

const ended = (s: { finished: boolean }) => s.finished;
const centavos = (n: number) => Math.round(n * 100) / 100;
const itensDe = (validos: LoteItemValidacao[]) =>
  validos.filter((i) => i.elegivel).map((i) => ({ cliente: i.cliente, legs: i.legs_sugeridas }));

/**
 * Lotes: a buy for every eligible client followed to its end and then sold in one sale lote; a limit lote
 * canceled while it rests; each refusal (an unknown client, a stock in flight, a reused key, an operation sold).
 */
export async function gravarLotes(
  r: Recorder,
  { ticker, price }: { ticker: string; price: number },
) {
  const regra = { regra: 'valor_fixo' as const, valor: 3000 };
  const base = { ticker, execucao: 'mercado' as Execucao, tp: centavos(price * 1.1), ...regra };
  await r.record('lote-validar-400', { body: { ...base, clientes: [NENHUM] } });

  const compra = r.sequence('fluxo-lote-compra');
  const { itens } = await compra.step(lotes.validate, { body: base });
  const envio = { ticker_base: ticker, execucao: base.execucao, tp: base.tp, ...regra };
  const chave = { 'idempotency-key': 'qa-gravacao-lote' };
  const { lote_id } = await compra.step(lotes.sendCompra, {
    headers: chave,
    body: { ...envio, itens: itensDe(itens) },
  });
  const fim = await compra.until(lotes.status, { params: { lote_id } }, ended);
  const [v, c, ...status] = compra.done();
  r.save('lote-validar', v!);
  r.save('lote-compra', c!);
  r.save('lote-status', status.at(-1)!);
  await r.record('lote-compra-422', {
    headers: chave,
    body: { ...envio, tp: centavos(base.tp + 1), itens: itensDe(itens) },
  });
  await r.record('lote-status-404', { params: { lote_id: NENHUMA_ORDEM } });

  // What the lote bought, sold in one sale lote; the same operations again are refused.
  const compradas: number[] = [];
  for (const item of fim.itens.filter((i) => i.executed_all)) {
    const ops = await r.send(operacoes.list, { query: { cliente: item.cliente } });
    const op = ops
      .filter((o) => o.acao_nome === ticker && o.data_venda === null)
      .sort((a, b) => b.id - a.id)[0];
    if (op) compradas.push(op.id);
  }
  if (!compradas.length) throw new Error('the buy lote created no operation');
  const venda = r.sequence('fluxo-lote-venda');
  const vendaBody = { execucao: 'mercado' as const, operacoes: compradas };
  const vendido = await venda.step(lotes.sendVenda, {
    headers: { 'idempotency-key': 'qa-venda' },
    body: vendaBody,
  });
  await venda.until(lotes.status, { params: { lote_id: vendido.lote_id } }, ended);
  r.save('lote-venda', venda.done()[0]!);
  await r.record('lote-venda-422', {
    headers: { 'idempotency-key': 'qa-venda' },
    body: { ...vendaBody, execucao: 'limite', preco: centavos(price * 1.2) },
  });
  await r.record('lote-venda-409', {
    headers: { 'idempotency-key': 'qa-venda-de-novo' },
    body: vendaBody,
  });

  await gravarCancelamento(r, { ...base, execucao: 'limite', preco: centavos(price * 0.9) });
  await r.record('lotes', {});
}

/** A limit lote below the market rests: another lote of the stock is refused, then the rest is canceled. */
async function gravarCancelamento(
  r: Recorder,
  base: {
    ticker: string;
    execucao: Execucao;
    preco: number;
    tp: number;
    regra: 'valor_fixo';
    valor: number;
  },
) {
  const fluxo = r.sequence('fluxo-lote-cancelar');
  const { itens } = await fluxo.step(lotes.validate, { body: base });
  const envio = {
    ticker_base: base.ticker,
    execucao: base.execucao,
    preco: base.preco,
    tp: base.tp,
    regra: base.regra,
    valor: base.valor,
    itens: itensDe(itens),
  };
  const { lote_id } = await fluxo.step(lotes.sendCompra, {
    headers: { 'idempotency-key': 'qa-lote-limite' },
    body: envio,
  });
  // Until every order rests on its terminal (none finished, each leg placed).
  for (let i = 0; i < 100; i++) {
    const s = await fluxo.step(lotes.status, { params: { lote_id } });
    if (s.itens.every((item) => !item.erro && item.summary.length > 0)) break;
    await new Promise((res) => setTimeout(res, 150));
  }
  await r.record('lote-compra-409', {
    headers: { 'idempotency-key': 'qa-lote-em-voo' },
    body: envio,
  });
  const cancelado = await fluxo.step(lotes.cancel, { params: { lote_id } });
  r.save('lote-cancelar', fluxo.done().at(-1)!);
  if (!cancelado.finished) {
    for (
      let i = 0;
      i < 100 && !(await r.send(lotes.status, { params: { lote_id } })).finished;
      i++
    ) {
      await new Promise((res) => setTimeout(res, 150));
    }
  }
  await r.record('lote-cancelar-409', { params: { lote_id } });
  await r.record('lote-cancelar-404', { params: { lote_id: NENHUMA_ORDEM } });
}
