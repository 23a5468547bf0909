import { endpoints, type Cliente } from '../../contract';
import { diaUtilAntes, NENHUM } from './cenas-cadastro';
import type { Recorder } from './recorder';

const { ordens, operacoes } = endpoints;

/** A group id no order has: the 404s. */
export const NENHUMA_ORDEM = '00000000-0000-4000-8000-000000000000';

const ended = (s: { finished?: boolean | undefined }) => Boolean(s.finished);
const centavos = (n: number) => Math.round(n * 100) / 100;

interface Cena {
  ana: Cliente;
  offline: Cliente;
  rejeita: Cliente;
  /** Stocks Ana may buy (her available recommendations), at their quotes. */
  tickers: Array<{ ticker: string; price: number }>;
}

/**
 * Single orders: a buy followed to its end, then sold; a buy the terminal rejects; an offline agent; a resting limit
 * order canceled, another resolved by a person; each refusal; the history's pages and an order's detail.
 */
export async function gravarOrdens(r: Recorder, { ana, offline, rejeita, tickers }: Cena) {
  const [{ ticker, price }, outro] = [tickers[0]!, tickers[1]!];
  const tp = centavos(price * 1.1);
  const legs = [
    { symbol: ticker, quantidade: 200 },
    { symbol: `${ticker}F`, quantidade: 50 },
  ];
  const validate = { ticker, modo: 'quantidade' as const, execucao: 'mercado' as const, tp };
  await r.record('compra-validar-404', {
    params: { id: NENHUM },
    body: { ...validate, quantidade: 100 },
  });

  const fluxo = r.sequence('fluxo-compra');
  await fluxo.step(ordens.validateCompra, {
    params: { id: ana.id },
    body: { ...validate, quantidade: 250 },
  });
  const compra = { ticker_base: ticker, execucao: 'mercado' as const, tp, legs };
  const chave = { 'idempotency-key': 'qa-gravacao-compra' };
  const { group_id } = await fluxo.step(ordens.sendCompra, {
    params: { id: ana.id },
    headers: chave,
    body: compra,
  });
  await fluxo.until(ordens.compraStatus, { params: { id: ana.id, group_id } }, ended);
  const [v, c, ...status] = fluxo.done();
  r.save('compra-validar', v!);
  r.save('compra', c!);
  r.save(
    'compra-status-pendente',
    status.find((s) => !ended(s.response.body as never)) ?? status[0]!,
  );
  r.save('compra-status', status.at(-1)!);
  await r.record('compra-422', {
    params: { id: ana.id },
    headers: chave,
    body: { ...compra, tp: centavos(tp + 1) },
  });
  await r.record('compra-404', { params: { id: NENHUM }, headers: {}, body: compra });
  const naoHa = { id: ana.id, group_id: NENHUMA_ORDEM };
  await r.record('compra-status-404', { params: naoHa });
  await r.record('venda-status-404', { params: naoHa });

  // The operation the buy created, sold to the end; selling it again is refused.
  const depois = await r.send(operacoes.list, { query: { cliente: ana.id } });
  const comprada = depois
    .filter((o) => o.acao_nome === ticker && o.data_venda === null)
    .sort((a, b) => b.id - a.id)[0];
  if (!comprada) throw new Error('the buy did not create an operation');
  const venda = r.sequence('fluxo-venda');
  const vendaParams = { id: ana.id, operation_id: comprada.id };
  const chaveVenda = { 'idempotency-key': 'qa-gravacao-venda' };
  const vendida = await venda.step(ordens.sendVenda, {
    params: vendaParams,
    headers: chaveVenda,
    body: { execucao: 'mercado' },
  });
  const vendaStatus = { id: ana.id, group_id: vendida.group_id };
  await venda.until(ordens.vendaStatus, { params: vendaStatus }, ended);
  const [sent, ...vendaSteps] = venda.done();
  r.save('venda', sent!);
  r.save('venda-status', vendaSteps.at(-1)!);
  const mercado = { execucao: 'mercado' as const };
  await r.record('venda-422', {
    params: vendaParams,
    headers: chaveVenda,
    body: { execucao: 'limite', preco: centavos(price * 1.2) },
  });
  await r.record('venda-409', { params: vendaParams, headers: {}, body: mercado });
  await r.record('venda-404', {
    params: { id: ana.id, operation_id: NENHUM },
    headers: {},
    body: mercado,
  });

  await gravarRecusas(r, { ana, offline, rejeita, tickers }, { ticker, tp, legs });
  await gravarPendentes(r, ana, outro);

  const primeira = await r.record('ordens', { query: { limite: 2 } });
  if (!primeira.next_cursor) throw new Error('the history has a single page');
  await r.record('ordens-pagina-2', { query: { limite: 2, cursor: primeira.next_cursor } });
  await r.record('ordens-400', { query: { cursor: 'nao-e-cursor' } });
  await r.record('ordem', { params: { group_id } });
  await r.record('ordem-404', { params: { group_id: NENHUMA_ORDEM } });
}

/** A terminal that rejects the order, and an agent that does not answer (a buy, and a sale). */
async function gravarRecusas(
  r: Recorder,
  { offline, rejeita }: Cena,
  {
    ticker,
    tp,
    legs,
  }: { ticker: string; tp: number; legs: Array<{ symbol: string; quantidade: number }> },
) {
  const validate = { ticker, modo: 'quantidade' as const, execucao: 'mercado' as const, tp };
  const compra = { ticker_base: ticker, execucao: 'mercado' as const, tp, legs: legs.slice(0, 1) };
  const rejeitada = r.sequence('fluxo-compra-rejeitada');
  await rejeitada.step(ordens.validateCompra, {
    params: { id: rejeita.id },
    body: { ...validate, quantidade: 200 },
  });
  const { group_id } = await rejeitada.step(ordens.sendCompra, {
    params: { id: rejeita.id },
    headers: {},
    body: compra,
  });
  await rejeitada.until(ordens.compraStatus, { params: { id: rejeita.id, group_id } }, ended);
  const [, sent, ...status] = rejeitada.done();
  r.save('compra-rejeitada', sent!);
  r.save('compra-status-rejeitada', status.at(-1)!);

  const semAgente = r.sequence('fluxo-compra-offline');
  await semAgente.step(
    ordens.validateCompra,
    { params: { id: offline.id }, body: { ...validate, quantidade: 100 } },
    502,
  );
  await semAgente.step(
    ordens.sendCompra,
    { params: { id: offline.id }, headers: {}, body: compra },
    502,
  );
  const [v, c] = semAgente.done();
  r.save('compra-validar-offline', v!);
  r.save('compra-502', c!);
  // The offline client's own operation (entered by hand): its sale cannot reach the terminal either.
  const op = await r.send(operacoes.create, {
    body: {
      cliente: offline.id,
      acao: (await r.send(endpoints.acoes.list, {})).find((a) => a.ticker === ticker)!.id,
      data_compra: diaUtilAntes(10),
      preco_unitario: 10,
      quantidade: 100,
      data_venda: null,
      preco_venda_unitario: null,
      valor_alvo: 12,
    },
  });
  await r.record('venda-502', {
    params: { id: offline.id, operation_id: op.id },
    headers: {},
    body: { execucao: 'mercado' },
  });
}

/** Limit orders below the market rest on the terminal: one canceled, one resolved by a person. */
async function gravarPendentes(r: Recorder, ana: Cliente, { ticker, price }: Cena['tickers'][0]) {
  const preco = centavos(price * 0.9);
  const compra = {
    ticker_base: ticker,
    execucao: 'limite' as const,
    preco,
    tp: centavos(price * 1.1),
    legs: [{ symbol: ticker, quantidade: 100 }],
  };
  const params = { id: ana.id };
  const { group_id } = await r.send(ordens.sendCompra, { params, headers: {}, body: compra });
  await r.record('compra-409', { params, headers: {}, body: compra });
  const outra = await r.send(ordens.sendCompra, {
    params,
    headers: {},
    body: { ...compra, confirmar_compra_em_voo: true },
  });
  await r.record('ordem-cancelar', { params: { group_id } });
  await r.record('ordem-cancelar-409', { params: { group_id } });
  await r.record('ordem-cancelar-404', { params: { group_id: NENHUMA_ORDEM } });
  const motivo = { motivo: 'Conferido com a corretora: a ordem não foi executada.' };
  await r.record('ordem-resolver', { params: { group_id: outra.group_id }, body: motivo });
  await r.record('ordem-resolver-409', { params: { group_id: outra.group_id }, body: motivo });
  await r.record('ordem-resolver-404', { params: { group_id: NENHUMA_ORDEM }, body: motivo });
}
