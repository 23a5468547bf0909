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
  await r.record('modelos-delete-409', { params: { id } });
  await r.record('modelos-delete', { params: { id: outro.id } });
  await r.record('modelos-delete-404', { params: { id: outro.id } });
}
