import { endpoints, type Cliente } from '../../contract';
import { NENHUM } from './cenas-cadastro';
import type { Recorder } from './recorder';

const { clientes, modelos } = endpoints;

const MODELO = {
  nome: 'Modelo QA Dividendos',
  itens: [
    { ticker: 'PETR4', peso: 40 },
    { ticker: 'VALE3', peso: 30 },
    { ticker: 'BBAS3', peso: 20 },
  ],
  caixa_alvo: 10,
  faixa: { tipo: 'absoluta' as const, valor: 5 },
};

/**
 * The model portfolios (issue 33): a model's CRUD with its errors, a model a client follows (its DELETE refused),
 * and a rebalance plan for Ana (her terminal simulated) and that follower (no VM: left out, with its reason).
 * Recorded last, so that no other fixture lists these models or this client.
 */
export async function gravarModelos(r: Recorder, ana: Cliente) {
  const modelo = await r.record('modelos-create', { body: MODELO });
  await r.record('modelos-create-400', {
    body: { ...MODELO, nome: 'Modelo QA Soma', caixa_alvo: 20 },
  });
  await r.record('modelos-create-409', { body: MODELO });
  const outro = await r.send(modelos.create, {
    body: { ...MODELO, nome: 'Modelo QA Crescimento', faixa: { tipo: 'relativa', valor: 0.2 } },
  });
  const { id } = modelo;
  await r.record('modelos-update', {
    params: { id },
    body: { ...MODELO, faixa: { tipo: 'absoluta', valor: 3 } },
  });
  await r.record('modelos-update-404', { params: { id: NENHUM }, body: MODELO });
  await r.record('modelos-update-409', {
    params: { id },
    body: { ...MODELO, nome: outro.nome },
  });
  const seguidor = await r.send(clientes.create, {
    body: { nome: 'Cliente QA Modelo', vm: 'VM-QA-M', modelo: id },
  });
  await r.record('modelos', {});
  await r.record('modelos-get', { params: { id } });
  await r.record('modelos-get-404', { params: { id: NENHUM } });
  await r.record('modelos-rebalancear-validar', {
    params: { id },
    body: { modo: 'completo', clientes: [ana.id, seguidor.id] },
  });
  await r.record('modelos-rebalancear-validar-404', {
    params: { id: NENHUM },
    body: { modo: 'completo' },
  });
  await gravarEnvio(r, ana);
  await r.record('modelos-delete-409', { params: { id } });
  await r.record('modelos-delete', { params: { id: outro.id } });
  await r.record('modelos-delete-404', { params: { id: outro.id } });
}

/**
 * Sending Ana's rebalance (she follows the model meanwhile): a stale plan refused (409), the plan as validated sent
 * (its two lotes), the key reused with another plan (422), an unknown model (404). Afterwards Ana follows no model
 * and that model is gone.
 */
async function gravarEnvio(r: Recorder, ana: Cliente) {
  // A model of stocks the demo quotes (two of Ana's recommendations the order scenes did not trade).
  const disponiveis = await r.send(endpoints.recomendacoes.disponiveis, { params: { id: ana.id } });
  const tickers = disponiveis.slice(3, 5).map((d) => d.ticker);
  const { id } = await r.send(modelos.create, {
    body: {
      ...MODELO,
      nome: 'Modelo QA Envio',
      itens: tickers.map((ticker) => ({ ticker, peso: 45 })),
    },
  });
  const { id: _id, mt5_token_proprio: _t, ...dados } = ana;
  await r.send(clientes.update, { params: { id: ana.id }, body: { ...dados, modelo: id } });
  const plano = await r.send(modelos.validateRebalance, {
    params: { id },
    body: { modo: 'completo', clientes: [ana.id] },
  });
  const itens = plano.itens
    .filter((i) => !i.excluido)
    .map((i) => ({
      cliente: i.cliente,
      ordens: i.ordens.map(({ ticker, lado, quantidade }) => ({ ticker, lado, quantidade })),
    }));
  if (!itens.length) throw new Error(`Ana's rebalance plan is empty: ${plano.itens[0]?.motivo}`);
  const velho = itens.map((i) => ({
    ...i,
    ordens: i.ordens.map((o) => ({ ...o, quantidade: o.quantidade + 1 })),
  }));
  await r.record('modelos-rebalancear-409', {
    params: { id },
    headers: { 'idempotency-key': 'qa-rebalanceamento-velho' },
    body: { modo: 'completo', itens: velho },
  });
  const chave = { 'idempotency-key': 'qa-rebalanceamento' };
  await r.record('modelos-rebalancear', {
    params: { id },
    headers: chave,
    body: { modo: 'completo', itens },
  });
  await r.record('modelos-rebalancear-422', {
    params: { id },
    headers: chave,
    body: { modo: 'faixas', itens },
  });
  await r.record('modelos-rebalancear-404', {
    params: { id: NENHUM },
    headers: { 'idempotency-key': 'qa-rebalanceamento-404' },
    body: { modo: 'completo', itens },
  });
  await r.send(clientes.update, { params: { id: ana.id }, body: { ...dados, modelo: null } });
  await r.send(modelos.delete, { params: { id } });
}
