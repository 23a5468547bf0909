import type { z } from 'zod';
import { answersOf, endpoints, type EndpointDef } from '../contract';

/** A recorded call: the endpoint it drove and the status the real server answered. */
const fixture = <E extends EndpointDef, S extends keyof E['answers'] & number>(
  endpoint: E,
  status: S,
) => ({ endpoint, status });

const { auth, clientes, acoes, operacoes, carteira, cotacoes, recomendacoes, ordens } = endpoints;
const { painel, importacao } = endpoints;

/** Every recorded call (mocks/fixtures/<name>.json): its answer must satisfy that endpoint's schema for that status. */
export const FIXTURES = {
  token: fixture(auth.login, 200),
  'token-401': fixture(auth.login, 401),
  'clientes-list': fixture(clientes.list, 200),
  'clientes-status': fixture(clientes.status, 200),
  'clientes-get': fixture(clientes.get, 200),
  'clientes-create': fixture(clientes.create, 201),
  'clientes-update': fixture(clientes.update, 200),
  'clientes-delete': fixture(clientes.delete, 204),
  acoes: fixture(acoes.list, 200),
  'operacoes-list': fixture(operacoes.list, 200),
  'operacoes-create': fixture(operacoes.create, 201),
  'operacoes-patch': fixture(operacoes.update, 200),
  'operacoes-delete': fixture(operacoes.delete, 204),
  resumo: fixture(carteira.resumo, 200),
  'cotacoes-atuais': fixture(cotacoes.atuais, 200),
  'recomendacoes-disponiveis': fixture(recomendacoes.disponiveis, 200),
  'compra-validar': fixture(ordens.validateCompra, 200),
  'compra-validar-offline': fixture(ordens.validateCompra, 502),
  compra: fixture(ordens.sendCompra, 200),
  'compra-status-pendente': fixture(ordens.compraStatus, 200),
  'compra-status': fixture(ordens.compraStatus, 200),
  venda: fixture(ordens.sendVenda, 200),
  'venda-status': fixture(ordens.vendaStatus, 200),
  'compra-rejeitada': fixture(ordens.sendCompra, 200),
  'compra-status-rejeitada': fixture(ordens.compraStatus, 200),
  'dashboard-rv': fixture(painel.posicionadas, 200),
  'patrimonio-disponivel': fixture(painel.patrimonioDisponivel, 200),
  recomendacoes: fixture(recomendacoes.list, 200),
  'recomendacoes-recalcular': fixture(recomendacoes.refresh, 200),
  'importacao-upload': fixture(importacao.upload, 200),
  'importacao-upload-409': fixture(importacao.upload, 409),
  'importacao-upload-force': fixture(importacao.upload, 200),
} as const;

export type FixtureName = keyof typeof FIXTURES;
export type FixtureEndpoint<N extends FixtureName> = (typeof FIXTURES)[N]['endpoint'];
type BodyOf<F> = F extends { endpoint: infer E extends EndpointDef; status: infer S }
  ? S extends keyof E['answers']
    ? z.output<E['answers'][S]>
    : never
  : never;
export type FixtureBody<N extends FixtureName> = BodyOf<(typeof FIXTURES)[N]>;

/** The schema a fixture's answer must satisfy: its endpoint's, for its status. */
export function fixtureSchema(name: FixtureName): z.ZodType {
  const { endpoint, status } = FIXTURES[name];
  return answersOf(endpoint)[status]!;
}

/** One recorded call: what was sent and what the real server answered. */
export interface Fixture<Body = unknown> {
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body: Body };
}
