import { z } from 'zod';
import {
  AcaoListSchema,
  ApiErrorSchema,
  BuyValidationResultSchema,
  ClienteListSchema,
  ClienteSchema,
  ClienteStatusListSchema,
  CotacoesResponseSchema,
  DashboardRvResponseSchema,
  GroupIdResponseSchema,
  ImportUploadResponseSchema,
  LoginResponseSchema,
  OperacaoListSchema,
  OperacaoSchema,
  OrderStatusSchema,
  PatrimonioDisponivelListSchema,
  RecomendacaoDisponivelListSchema,
  RecomendacaoListSchema,
  RecomendacoesRecalculoSchema,
  ResumoClienteSchema,
} from '../contract';

/** Every recorded call (mocks/fixtures/<name>.json) and the contract schema its answer must satisfy. */
export const FIXTURE_SCHEMAS = {
  token: LoginResponseSchema,
  'token-401': ApiErrorSchema,
  'clientes-list': ClienteListSchema,
  'clientes-status': ClienteStatusListSchema,
  'clientes-get': ClienteSchema,
  'clientes-create': ClienteSchema,
  'clientes-update': ClienteSchema,
  'clientes-delete': z.null(),
  acoes: AcaoListSchema,
  'operacoes-list': OperacaoListSchema,
  'operacoes-create': OperacaoSchema,
  'operacoes-patch': OperacaoSchema,
  'operacoes-delete': z.null(),
  resumo: ResumoClienteSchema,
  'cotacoes-atuais': CotacoesResponseSchema,
  'recomendacoes-disponiveis': RecomendacaoDisponivelListSchema,
  'compra-validar': BuyValidationResultSchema,
  'compra-validar-offline': ApiErrorSchema,
  compra: GroupIdResponseSchema,
  'compra-status-pendente': OrderStatusSchema,
  'compra-status': OrderStatusSchema,
  venda: GroupIdResponseSchema,
  'venda-status': OrderStatusSchema,
  'compra-rejeitada': GroupIdResponseSchema,
  'compra-status-rejeitada': OrderStatusSchema,
  'dashboard-rv': DashboardRvResponseSchema,
  'patrimonio-disponivel': PatrimonioDisponivelListSchema,
  recomendacoes: RecomendacaoListSchema,
  'recomendacoes-recalcular': RecomendacoesRecalculoSchema,
  'importacao-upload': ImportUploadResponseSchema,
  'importacao-upload-409': ApiErrorSchema,
  'importacao-upload-force': ImportUploadResponseSchema,
} as const;

export type FixtureName = keyof typeof FIXTURE_SCHEMAS;
export type FixtureBody<N extends FixtureName> = z.output<(typeof FIXTURE_SCHEMAS)[N]>;

/** One recorded call: what was sent and what the real server answered. */
export interface Fixture<Body = unknown> {
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body: Body };
}

const FILES = import.meta.glob<Fixture>('./fixtures/*.json', { eager: true, import: 'default' });

/** A recorded fixture, its answer parsed with the contract (a stale fixture fails loudly here). */
export function recorded<N extends FixtureName>(name: N): Fixture<FixtureBody<N>> {
  const fixture = FILES[`./fixtures/${name}.json`];
  if (!fixture) throw new Error(`Fixture ${name} is missing: run npm run fixtures:record.`);
  const body = FIXTURE_SCHEMAS[name].parse(fixture.response.body) as FixtureBody<N>;
  return { request: fixture.request, response: { status: fixture.response.status, body } };
}
