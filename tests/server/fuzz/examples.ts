import { TEST_USER } from '../../support/test-server';
import { standardWorkbook } from '../modules/importacao/workbooks';
import type { Base } from './sending';
import type { Seed } from './seeds';

/** A valid request to one endpoint, made from the seed; every variant is it with one thing broken. */
export interface Example {
  build(seed: Seed): Base | Promise<Base>;
  /**
   * Each request needs a base of its own (a record to delete or sell, a new Idempotency-Key): built again before
   * each, with the fingerprint taken after it.
   */
  fresh?: boolean;
}

const workbook = new Uint8Array(standardWorkbook());
export const upload = (): Base => ({
  // force: every upload after the first replaces the date's data, so that each variant reaches the database.
  form: { tipo: 'auto', data_referencia: '2025-03-31', force: 'true' },
  file: { field: 'arquivo', name: 'carteira.xlsx', data: workbook },
});

/** A new level for each price rule made (a duplicate is a 409). */
let nivelDaRegra = 10;
const proximoNivel = () => ++nivelDaRegra;

/** A new name for each model made (a repeated one is a 409). */
let modelosCriados = 0;
const MODELO = {
  itens: [
    { ticker: 'PETR4', peso: 45 },
    { ticker: 'VALE3', peso: 45 },
  ],
  caixa_alvo: 10,
  faixa: { tipo: 'absoluta', valor: 5 },
};

/** One valid request per endpoint, keyed `METHOD path` (the portfolio's endpoints; the orders' in examples-ordens). */
export const EXAMPLES_CARTEIRA: Record<string, Example> = {
  'POST /token/': { build: () => ({ body: { ...TEST_USER } }) },
  'POST /logout/': {
    build: async (s) => ({ headers: { authorization: `Bearer ${await s.novaSessao()}` } }),
    fresh: true,
  },
  'GET /clientes/': { build: () => ({}) },
  'POST /clientes/': {
    build: () => ({
      body: {
        nome: 'Cliente Novo',
        email: 'novo@example.com',
        documento: '123',
        telefone: '(11) 99999-0000',
        codigo_xp: '9001',
        percentual_patrimonio: 12.5,
        vm: 'VM-9',
        vm_ip: null,
        vm_private_ip: null,
      },
    }),
  },
  'GET /clientes/{id}/': { build: (s) => ({ params: { id: s.clienteId } }) },
  'PUT /clientes/{id}/': {
    build: (s) => ({
      params: { id: s.clienteEditavelId },
      body: { nome: 'Editável', email: null, percentual_patrimonio: 10, vm_ip: '10.0.0.1' },
    }),
  },
  'DELETE /clientes/{id}/': {
    fresh: true,
    build: async (s) => ({ params: { id: await s.novoCliente() } }),
  },
  'GET /clientes-status/': { build: () => ({}) },
  'GET /operacoes/': { build: (s) => ({ query: { cliente: s.clienteId } }) },
  'POST /operacoes/': {
    build: (s) => ({
      body: {
        cliente: s.clienteId,
        acao: s.acaoId,
        data_compra: '2025-01-02',
        preco_unitario: 30.5,
        quantidade: 100,
        data_venda: null,
        preco_venda_unitario: null,
        valor_alvo: 35,
      },
    }),
  },
  'PATCH /operacoes/{id}/': {
    build: (s) => ({ params: { id: s.operacaoId }, body: { valor_alvo: 36, quantidade: 100 } }),
  },
  'DELETE /operacoes/{id}/': {
    fresh: true,
    build: async (s) => ({ params: { id: await s.novaOperacao() } }),
  },
  'GET /clientes/{id}/resumo/': { build: (s) => ({ params: { id: s.clienteId } }) },
  'PUT /clientes/{id}/ir/saldos/': {
    build: (s) => ({
      params: { id: s.clienteId },
      body: {
        ano: 2026,
        prejuizo_comum: 1500,
        prejuizo_day_trade: 0,
        prejuizo_fii: 0,
        irrf_a_compensar: 1.5,
      },
    }),
  },
  'PUT /clientes/{id}/ir/vendas-externas/{mes}/': {
    build: (s) => ({ params: { id: s.clienteId, mes: '2026-03' }, body: { valor: 12000 } }),
  },
  'GET /clientes/{id}/ir/': {
    build: (s) => ({ params: { id: s.clienteId }, query: { ano: 2026 } }),
  },
  'GET /clientes/{id}/ir/{mes}/': {
    build: (s) => ({ params: { id: s.clienteId, mes: '2026-03' } }),
  },
  'GET /clientes/{id}/ir/{mes}/darf/': {
    build: (s) => ({ params: { id: s.clienteId, mes: '2024-03' } }),
  },
  'GET /ir/': { build: () => ({ query: { mes: '2026-03' } }) },
  'GET /clientes/{id}/rentabilidade/': {
    build: (s) => ({ params: { id: s.clienteId }, query: { de: '2025-01-02', ate: '2025-10-29' } }),
  },
  'GET /rentabilidade/': { build: () => ({ query: { de: '2025-01-02', ate: '2025-10-29' } }) },
  'GET /clientes/{id}/relatorio/{mes}/': {
    build: (s) => ({ params: { id: s.clienteId, mes: '2025-03' } }),
  },
  'GET /alertas/': { build: () => ({ query: { estado: 'disparado', tipo: 'divergencia' } }) },
  'POST /alertas/{id}/reconhecer/': { build: (s) => ({ params: { id: s.alertaId } }) },
  'POST /alertas/{id}/adiar/': {
    build: (s) => ({
      params: { id: s.alertaId },
      body: { ate: new Date(Date.now() + 3_600_000).toISOString() },
    }),
  },
  'GET /alertas/regras/': { build: () => ({}) },
  'POST /alertas/regras/': {
    fresh: true,
    build: () => ({ body: { ticker: 'PETR4', direcao: 'acima', nivel: proximoNivel() } }),
  },
  'POST /alertas/regras/{id}/rearmar/': {
    fresh: true,
    build: async (s) => ({ params: { id: await s.novaRegra(true) } }),
  },
  'DELETE /alertas/regras/{id}/': {
    fresh: true,
    build: async (s) => ({ params: { id: await s.novaRegra() } }),
  },
  'GET /inicio/': { build: () => ({}) },
  'GET /modelos/': { build: () => ({}) },
  'POST /modelos/': {
    fresh: true,
    build: () => ({ body: { nome: `Modelo Novo ${++modelosCriados}`, ...MODELO } }),
  },
  'GET /modelos/{id}/': { build: (s) => ({ params: { id: s.modeloId } }) },
  'PUT /modelos/{id}/': {
    build: (s) => ({ params: { id: s.modeloId }, body: { nome: 'Modelo Fuzz', ...MODELO } }),
  },
  'DELETE /modelos/{id}/': {
    fresh: true,
    build: async (s) => ({ params: { id: await s.novoModelo() } }),
  },
  'POST /modelos/{id}/rebalancear/validar/': {
    build: (s) => ({
      params: { id: s.modeloId },
      body: { modo: 'completo', clientes: [s.clienteId], valor_minimo: 100 },
    }),
  },
  // One client's plan and one Idempotency-Key for every variant (built once: a client and a fingerprint per variant
  // made this endpoint's hundreds of variants outlast the test): the example sends it; a variant still valid is
  // answered the same two lotes, one changed is the key reused (422), one with another key is checked against the
  // plan again (409: its buys are in flight now).
  'POST /modelos/{id}/rebalancear/': {
    build: (s) => s.rebalanceamento,
  },
  'GET /notificacoes/': { build: () => ({ query: { nao_lidas: 'true' } }) },
  'GET /notificacoes/contagem/': { build: () => ({}) },
  'POST /notificacoes/lidas/': { build: () => ({ body: {} }) },
  'GET /eu/preferencias/': { build: () => ({}) },
  'PUT /eu/preferencias/': { build: () => ({ body: { canais: { alvo: 'app_email' } } }) },
  'GET /acoes/': { build: () => ({}) },
  'PUT /acoes/{ticker}/': {
    build: () => ({
      params: { ticker: 'TAEE11' },
      body: { empresa: 'Taesa', setor: 'Utilidade Pública', classe: 'unit' },
    }),
  },
  'GET /health/': { build: () => ({}) },
  'GET /ready/': { build: () => ({}) },
  'GET /acoes/{ticker}/historico/': {
    build: () => ({ params: { ticker: 'PETR4' }, query: { de: '2025-01-01', ate: '2025-12-31' } }),
  },
  'POST /cotacoes-atuais/': { build: () => ({ body: { tickers: ['PETR4.SA', 'VALE3.SA'] } }) },
  'GET /dashboard-rv/': { build: () => ({}) },
  'GET /patrimonio-disponivel/': { build: () => ({}) },
  'GET /exposicao/': { build: () => ({}) },
  'GET /recomendacoes/': { build: () => ({}) },
  'POST /recomendacoes/': { build: () => ({}) },
  'GET /clientes/{id}/recomendacoes-disponiveis/': {
    build: (s) => ({ params: { id: s.clienteId } }),
  },
};
