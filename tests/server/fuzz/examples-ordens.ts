import crypto from 'node:crypto';
import { decodeJwt } from 'jose';
import { TEST_USER } from '../../support/test-server';
import { codeAt } from '../modules/auth/support-2fa';
import { EXAMPLES_CARTEIRA, upload, type Example } from './examples';
import { novaDataEx, SENHA_FUZZ } from './seeds';

/** One valid request per endpoint, keyed `METHOD path`: a new endpoint fails the test until it has one. */
export const EXAMPLES: Record<string, Example> = {
  ...EXAMPLES_CARTEIRA,
  'POST /importacao/upload/': { build: upload },
  'POST /clientes/{id}/mt5/compra/validar/': {
    build: (s) => ({
      params: { id: s.clienteId },
      body: {
        ticker: 'PETR4',
        modo: 'valor',
        execucao: 'limite',
        preco: 38,
        tp: 45,
        valor: 10_000,
      },
    }),
  },
  // A new Idempotency-Key each time: a variant that is still a valid order is sent as one, not refused as a reuse.
  'POST /clientes/{id}/mt5/compra/': {
    fresh: true,
    build: (s) => ({
      params: { id: s.clienteId },
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        ticker_base: 'PETR4',
        execucao: 'mercado',
        tp: 45,
        legs: [
          { symbol: 'PETR4', quantidade: 100 },
          { symbol: 'PETR4F', quantidade: 5 },
        ],
        // Limit buys of the stock rest for the client (the cancel examples'): another is confirmed.
        confirmar_compra_em_voo: true,
      },
    }),
  },
  'GET /clientes/{id}/mt5/compra-status/{group_id}/': {
    build: (s) => ({ params: { id: s.clienteId, group_id: s.compraGroupId } }),
  },
  'POST /clientes/{id}/mt5/venda/{operation_id}/': {
    fresh: true,
    build: async (s) => ({
      params: { id: s.clienteId, operation_id: await s.novaOperacao() },
      headers: { 'idempotency-key': crypto.randomUUID() },
      // A partial sale (issue 34): 60 of the operation's 100.
      body: { execucao: 'limite', preco: 38, quantidade: 60 },
    }),
  },
  'POST /ordens/{group_id}/cancelar/': {
    fresh: true,
    build: async (s) => ({ params: { group_id: await s.novaOrdemLimitada() } }),
  },
  'GET /clientes/{id}/mt5/venda-status/{group_id}/': {
    build: (s) => ({ params: { id: s.clienteId, group_id: s.vendaGroupId } }),
  },
  'POST /lotes/validar/': {
    build: (s) => ({
      body: {
        ticker: 'PETR4',
        execucao: 'limite',
        preco: 38,
        tp: 45,
        regra: 'percentual_disponivel',
        valor: 50,
        clientes: [s.clienteId],
        ajustes: [{ cliente: s.clienteId, quantidade: 105 }],
      },
    }),
  },
  'POST /lotes/': {
    fresh: true,
    build: (s) => ({
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        ticker_base: 'PETR4',
        execucao: 'mercado',
        tp: 45,
        regra: 'valor_fixo',
        valor: 4_000,
        itens: [
          {
            cliente: s.clienteId,
            legs: [
              { symbol: 'PETR4', quantidade: 100 },
              { symbol: 'PETR4F', quantidade: 5 },
            ],
          },
        ],
        confirmar_compra_em_voo: true,
      },
    }),
  },
  // The terminal holds none of the book's manual operations: the sale goes only confirmed.
  'POST /lotes/venda/': {
    fresh: true,
    build: async (s) => ({
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: {
        execucao: 'limite',
        preco: 38,
        // Half of each position (issue 34).
        percentual: 50,
        operacoes: [await s.novaOperacao()],
        confirmar_acima_do_terminal: true,
      },
    }),
  },
  'GET /lotes/': { build: () => ({}) },
  'GET /lotes/{lote_id}/': { build: (s) => ({ params: { lote_id: s.loteId } }) },
  'POST /lotes/{lote_id}/cancelar/': {
    fresh: true,
    build: async (s) => ({ params: { lote_id: await s.novoLoteLimitado() } }),
  },
  'GET /clientes/{id}/proventos/': { build: (s) => ({ params: { id: s.clienteId } }) },
  'GET /eventos-corporativos/': { build: (s) => ({ query: { acao: s.acaoId } }) },
  // Each variant that is still a valid event is a new one: a past data_ex of its own, applied at once.
  'POST /eventos-corporativos/': {
    fresh: true,
    build: (s) => ({
      body: {
        acao: s.acaoId,
        tipo: 'desdobramento',
        data_ex: novaDataEx(),
        fator: 2,
      },
    }),
  },
  'PUT /eventos-corporativos/{id}/': {
    build: (s) => ({
      params: { id: s.eventoId },
      body: { acao: s.acaoId, tipo: 'dividendo', data_ex: '2025-01-20', valor_por_acao: 0.35 },
    }),
  },
  'DELETE /eventos-corporativos/{id}/': {
    fresh: true,
    build: async (s) => ({ params: { id: await s.novoEvento() } }),
  },
  'GET /ordens/': {
    build: (s) => ({
      query: {
        cliente: s.clienteId,
        acao: 'PETR4',
        estado: 'completed',
        de: '2025-01-01',
        ate: '2030-12-31',
        cursor: '2030-01-01T00:00:00.000000Z_00000000-0000-4000-8000-000000000001',
        limite: 10,
      },
    }),
  },
  'GET /ordens/{group_id}/': { build: (s) => ({ params: { group_id: s.compraGroupId } }) },
  'GET /conciliacao/': { build: () => ({}) },
  'GET /clientes/{id}/conciliacao/': { build: (s) => ({ params: { id: s.clienteId } }) },
  'POST /ordens/{group_id}/resolver/': {
    fresh: true,
    build: async (s) => ({
      params: { group_id: await s.novaOrdemSemResultado() },
      body: { motivo: 'Conferido com a corretora: não executada.' },
    }),
  },
  'POST /token/2fa/': {
    build: async (s) => ({
      body: { desafio: await s.desafioDe(s.login2fa.username), codigo: s.login2fa.codigos.shift() },
    }),
  },
  'GET /usuarios/': { build: () => ({}) },
  'POST /usuarios/': {
    build: () => ({
      body: { username: 'fuzz-criado', email: 'criado@example.com', papel: 'assessor' },
    }),
  },
  'PATCH /usuarios/{id}/': {
    build: (s) => ({
      params: { id: s.usuarioId },
      body: { email: 'leitura@example.com', papel: 'leitura', ativo: true },
    }),
  },
  'POST /usuarios/{id}/senha/': { build: (s) => ({ params: { id: s.usuarioId } }) },
  'POST /usuarios/{id}/2fa/desativar/': {
    build: (s) => ({ params: { id: s.proximoUsuario2fa().id } }),
  },
  'POST /usuarios/{id}/desbloquear/': { build: (s) => ({ params: { id: s.usuarioId } }) },
  'GET /eu/': { build: () => ({}) },
  'POST /eu/senha/': {
    build: (s) => ({
      headers: { authorization: `Bearer ${s.proximoUsuario().token}` },
      body: { atual: SENHA_FUZZ, nova: 'outra-senha-do-fuzz-bem-longa' },
    }),
  },
  'GET /eu/sessoes/': { build: () => ({}) },
  'DELETE /eu/sessoes/{id}/': {
    build: (s) => ({ params: { id: decodeJwt(s.proximaSessao()).jti! } }),
  },
  'POST /eu/sessoes/encerrar-outras/': {
    build: (s) => ({ headers: { authorization: `Bearer ${s.proximoUsuario().token}` } }),
  },
  'POST /eu/2fa/': { build: () => ({}) },
  'POST /eu/2fa/confirmar/': {
    build: (s) => {
      const { token, segredo } = s.proximaInscricao();
      return { headers: { authorization: `Bearer ${token}` }, body: { codigo: codeAt(segredo) } };
    },
  },
  'DELETE /eu/2fa/': {
    build: (s) => {
      const u = s.proximoUsuario2fa();
      return { headers: { authorization: `Bearer ${u.token}` }, body: { codigo: u.codigos[0] } };
    },
  },
  'GET /auditoria/': {
    build: () => ({
      query: {
        usuario: TEST_USER.username,
        entidade: 'session',
        acao: 'login',
        de: '2020-01-01',
        ate: '2099-12-31',
        cursor: '999999999',
      },
    }),
  },
};
