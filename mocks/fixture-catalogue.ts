import { z } from 'zod';
import { PdfSchema, answersOf, endpoints, type EndpointDef } from '../contract';

/** A recorded call: the endpoint it drove and the status the real server answered. */
const fixture = <E extends EndpointDef, S extends (keyof E['answers'] & number) | 400>(
  endpoint: E,
  status: S,
) => ({ endpoint, status });

const { auth, clientes, acoes, operacoes, carteira, cotacoes, recomendacoes, ordens } = endpoints;
const { painel, importacao, lotes, eventos, conciliacao, sistema, ir, rentabilidade } = endpoints;
const { relatorio } = endpoints;
const { alertas, usuarios, eu, auditoria, modelos, inicio } = endpoints;

/**
 * Every recorded call (mocks/fixtures/<name>.json): its answer must satisfy that endpoint's schema for that status.
 * Every endpoint of the table has at least its success here, and the errors the demo can produce
 * (tests/mocks/fixtures.test.ts fails on an endpoint without one).
 */
export const FIXTURES = {
  'token-precisa-2fa': fixture(auth.login, 401),
  'token-2fa': fixture(auth.login2fa, 200),
  'token-2fa-401': fixture(auth.login2fa, 401),
  'token-2fa-429': fixture(auth.login2fa, 429),
  usuarios: fixture(usuarios.list, 200),
  'usuarios-create': fixture(usuarios.create, 201),
  'usuarios-create-400': fixture(usuarios.create, 400),
  'usuarios-create-409': fixture(usuarios.create, 409),
  'usuarios-update': fixture(usuarios.update, 200),
  'usuarios-update-404': fixture(usuarios.update, 404),
  'usuarios-update-409': fixture(usuarios.update, 409),
  'usuarios-senha': fixture(usuarios.resetSenha, 200),
  'usuarios-senha-404': fixture(usuarios.resetSenha, 404),
  'usuarios-2fa-desativar': fixture(usuarios.desativar2fa, 200),
  'usuarios-2fa-desativar-404': fixture(usuarios.desativar2fa, 404),
  'usuarios-2fa-desativar-409': fixture(usuarios.desativar2fa, 409),
  'usuarios-desbloquear': fixture(usuarios.desbloquear, 200),
  'usuarios-desbloquear-404': fixture(usuarios.desbloquear, 404),
  eu: fixture(eu.get, 200),
  'eu-senha': fixture(eu.senha, 200),
  'eu-senha-400': fixture(eu.senha, 400),
  'eu-senha-429': fixture(eu.senha, 429),
  'eu-sessoes': fixture(eu.sessoes, 200),
  'eu-sessoes-delete': fixture(eu.encerrarSessao, 204),
  'eu-sessoes-delete-404': fixture(eu.encerrarSessao, 404),
  'eu-sessoes-encerrar-outras': fixture(eu.encerrarOutras, 200),
  'eu-2fa': fixture(eu.inscrever2fa, 200),
  'eu-2fa-409': fixture(eu.inscrever2fa, 409),
  'eu-2fa-confirmar': fixture(eu.confirmar2fa, 200),
  'eu-2fa-confirmar-400': fixture(eu.confirmar2fa, 400),
  'eu-2fa-confirmar-409': fixture(eu.confirmar2fa, 409),
  'eu-2fa-delete': fixture(eu.desativar2fa, 204),
  'eu-2fa-delete-400': fixture(eu.desativar2fa, 400),
  'eu-2fa-delete-409': fixture(eu.desativar2fa, 409),
  auditoria: fixture(auditoria.list, 200),
  'auditoria-400': fixture(auditoria.list, 400),
  alertas: fixture(alertas.list, 200),
  'alertas-400': fixture(alertas.list, 400),
  'alertas-reconhecer': fixture(alertas.reconhecer, 200),
  'alertas-reconhecer-404': fixture(alertas.reconhecer, 404),
  'alertas-adiar': fixture(alertas.adiar, 200),
  'alertas-adiar-400': fixture(alertas.adiar, 400),
  'alertas-adiar-404': fixture(alertas.adiar, 404),
  'alertas-adiar-409': fixture(alertas.adiar, 409),
  'alertas-regras': fixture(alertas.regras, 200),
  'alertas-regras-create': fixture(alertas.createRegra, 201),
  'alertas-regras-create-400': fixture(alertas.createRegra, 400),
  'alertas-regras-create-409': fixture(alertas.createRegra, 409),
  'alertas-regras-rearmar': fixture(alertas.rearmarRegra, 200),
  'alertas-regras-rearmar-404': fixture(alertas.rearmarRegra, 404),
  'alertas-regras-rearmar-409': fixture(alertas.rearmarRegra, 409),
  'alertas-regras-delete': fixture(alertas.deleteRegra, 204),
  'alertas-regras-delete-404': fixture(alertas.deleteRegra, 404),
  notificacoes: fixture(alertas.notificacoes, 200),
  'notificacoes-400': fixture(alertas.notificacoes, 400),
  'notificacoes-contagem': fixture(alertas.contagem, 200),
  'notificacoes-lidas': fixture(alertas.marcarLidas, 200),
  'notificacoes-lidas-400': fixture(alertas.marcarLidas, 400),
  preferencias: fixture(alertas.preferencias, 200),
  'preferencias-update': fixture(alertas.updatePreferencias, 200),
  'preferencias-update-400': fixture(alertas.updatePreferencias, 400),
  token: fixture(auth.login, 200),
  'token-401': fixture(auth.login, 401),
  'token-429': fixture(auth.login, 429),
  logout: fixture(auth.logout, 204),
  'clientes-list': fixture(clientes.list, 200),
  'clientes-status': fixture(clientes.status, 200),
  'clientes-get': fixture(clientes.get, 200),
  'clientes-get-404': fixture(clientes.get, 404),
  'clientes-create': fixture(clientes.create, 201),
  'clientes-create-400': fixture(clientes.create, 400),
  'clientes-update': fixture(clientes.update, 200),
  'clientes-update-404': fixture(clientes.update, 404),
  'clientes-delete': fixture(clientes.delete, 204),
  'clientes-delete-404': fixture(clientes.delete, 404),
  'clientes-delete-409': fixture(clientes.delete, 409),
  acoes: fixture(acoes.list, 200),
  'acoes-update': fixture(acoes.update, 200),
  'acoes-update-400': fixture(acoes.update, 400),
  'acoes-historico': fixture(acoes.historico, 200),
  'acoes-historico-404': fixture(acoes.historico, 404),
  'operacoes-list': fixture(operacoes.list, 200),
  'operacoes-list-404': fixture(operacoes.list, 404),
  'operacoes-create': fixture(operacoes.create, 201),
  'operacoes-create-400': fixture(operacoes.create, 400),
  'operacoes-patch': fixture(operacoes.update, 200),
  'operacoes-patch-404': fixture(operacoes.update, 404),
  'operacoes-delete': fixture(operacoes.delete, 204),
  'operacoes-delete-404': fixture(operacoes.delete, 404),
  resumo: fixture(carteira.resumo, 200),
  'resumo-404': fixture(carteira.resumo, 404),
  proventos: fixture(carteira.proventos, 200),
  'ir-saldos': fixture(ir.saldos, 200),
  'ir-saldos-400': fixture(ir.saldos, 400),
  'ir-saldos-404': fixture(ir.saldos, 404),
  'ir-venda-externa': fixture(ir.vendaExterna, 200),
  'ir-venda-externa-404': fixture(ir.vendaExterna, 404),
  'ir-ano': fixture(ir.ano, 200),
  'ir-ano-400': fixture(ir.ano, 400),
  'ir-ano-404': fixture(ir.ano, 404),
  'ir-mes': fixture(ir.mes, 200),
  'ir-mes-404': fixture(ir.mes, 404),
  'ir-darf': fixture(ir.darf, 200),
  'ir-darf-404': fixture(ir.darf, 404),
  'ir-darf-404-sem-imposto': fixture(ir.darf, 404),
  'ir-livro': fixture(ir.livro, 200),
  'ir-livro-400': fixture(ir.livro, 400),
  'proventos-404': fixture(carteira.proventos, 404),
  rentabilidade: fixture(rentabilidade.cliente, 200),
  'rentabilidade-400': fixture(rentabilidade.cliente, 400),
  'rentabilidade-404': fixture(rentabilidade.cliente, 404),
  'rentabilidade-livro': fixture(rentabilidade.livro, 200),
  'rentabilidade-livro-400': fixture(rentabilidade.livro, 400),
  relatorio: fixture(relatorio.mensal, 200),
  'relatorio-404': fixture(relatorio.mensal, 404),
  'cotacoes-atuais': fixture(cotacoes.atuais, 200),
  'recomendacoes-disponiveis': fixture(recomendacoes.disponiveis, 200),
  'recomendacoes-disponiveis-404': fixture(recomendacoes.disponiveis, 404),
  'compra-validar': fixture(ordens.validateCompra, 200),
  'compra-validar-404': fixture(ordens.validateCompra, 404),
  'compra-validar-offline': fixture(ordens.validateCompra, 502),
  compra: fixture(ordens.sendCompra, 200),
  'compra-404': fixture(ordens.sendCompra, 404),
  'compra-409': fixture(ordens.sendCompra, 409),
  'compra-422': fixture(ordens.sendCompra, 422),
  'compra-502': fixture(ordens.sendCompra, 502),
  'compra-status-pendente': fixture(ordens.compraStatus, 200),
  'compra-status': fixture(ordens.compraStatus, 200),
  'compra-status-404': fixture(ordens.compraStatus, 404),
  venda: fixture(ordens.sendVenda, 200),
  'venda-404': fixture(ordens.sendVenda, 404),
  'venda-409': fixture(ordens.sendVenda, 409),
  'venda-422': fixture(ordens.sendVenda, 422),
  'venda-502': fixture(ordens.sendVenda, 502),
  'venda-status': fixture(ordens.vendaStatus, 200),
  'venda-status-404': fixture(ordens.vendaStatus, 404),
  'compra-rejeitada': fixture(ordens.sendCompra, 200),
  'compra-status-rejeitada': fixture(ordens.compraStatus, 200),
  'ordem-resolver': fixture(ordens.resolve, 200),
  'ordem-resolver-404': fixture(ordens.resolve, 404),
  'ordem-resolver-409': fixture(ordens.resolve, 409),
  'ordem-cancelar': fixture(ordens.cancel, 200),
  'ordem-cancelar-404': fixture(ordens.cancel, 404),
  'ordem-cancelar-409': fixture(ordens.cancel, 409),
  ordens: fixture(ordens.list, 200),
  'ordens-pagina-2': fixture(ordens.list, 200),
  'ordens-400': fixture(ordens.list, 400),
  ordem: fixture(ordens.detail, 200),
  'ordem-404': fixture(ordens.detail, 404),
  'lote-validar': fixture(lotes.validate, 200),
  'lote-validar-400': fixture(lotes.validate, 400),
  'lote-compra': fixture(lotes.sendCompra, 200),
  'lote-compra-409': fixture(lotes.sendCompra, 409),
  'lote-compra-422': fixture(lotes.sendCompra, 422),
  'lote-venda': fixture(lotes.sendVenda, 200),
  'lote-venda-409': fixture(lotes.sendVenda, 409),
  'lote-venda-422': fixture(lotes.sendVenda, 422),
  'lote-status': fixture(lotes.status, 200),
  'lote-status-404': fixture(lotes.status, 404),
  lotes: fixture(lotes.list, 200),
  'lote-cancelar': fixture(lotes.cancel, 200),
  'lote-cancelar-404': fixture(lotes.cancel, 404),
  'lote-cancelar-409': fixture(lotes.cancel, 409),
  eventos: fixture(eventos.list, 200),
  'eventos-create': fixture(eventos.create, 201),
  'eventos-create-400': fixture(eventos.create, 400),
  'eventos-create-409': fixture(eventos.create, 409),
  'eventos-update': fixture(eventos.update, 200),
  'eventos-update-404': fixture(eventos.update, 404),
  'eventos-update-409': fixture(eventos.update, 409),
  'eventos-delete': fixture(eventos.delete, 204),
  'eventos-delete-404': fixture(eventos.delete, 404),
  'eventos-delete-409': fixture(eventos.delete, 409),
  conciliacao: fixture(conciliacao.list, 200),
  'conciliacao-cliente': fixture(conciliacao.cliente, 200),
  'conciliacao-cliente-404': fixture(conciliacao.cliente, 404),
  'dashboard-rv': fixture(painel.posicionadas, 200),
  'patrimonio-disponivel': fixture(painel.patrimonioDisponivel, 200),
  exposicao: fixture(painel.exposicao, 200),
  recomendacoes: fixture(recomendacoes.list, 200),
  'recomendacoes-recalcular': fixture(recomendacoes.refresh, 200),
  'importacao-upload': fixture(importacao.upload, 200),
  'importacao-upload-400': fixture(importacao.upload, 400),
  'importacao-upload-409': fixture(importacao.upload, 409),
  'importacao-upload-force': fixture(importacao.upload, 200),
  modelos: fixture(modelos.list, 200),
  'modelos-create': fixture(modelos.create, 201),
  'modelos-create-400': fixture(modelos.create, 400),
  'modelos-create-409': fixture(modelos.create, 409),
  'modelos-get': fixture(modelos.get, 200),
  'modelos-get-404': fixture(modelos.get, 404),
  'modelos-update': fixture(modelos.update, 200),
  'modelos-update-404': fixture(modelos.update, 404),
  'modelos-update-409': fixture(modelos.update, 409),
  'modelos-delete': fixture(modelos.delete, 204),
  'modelos-delete-404': fixture(modelos.delete, 404),
  'modelos-delete-409': fixture(modelos.delete, 409),
  'modelos-rebalancear-validar': fixture(modelos.validateRebalance, 200),
  'modelos-rebalancear-validar-404': fixture(modelos.validateRebalance, 404),
  'modelos-rebalancear': fixture(modelos.rebalance, 200),
  'modelos-rebalancear-404': fixture(modelos.rebalance, 404),
  'modelos-rebalancear-409': fixture(modelos.rebalance, 409),
  'modelos-rebalancear-422': fixture(modelos.rebalance, 422),
  inicio: fixture(inicio.inicio, 200),
  health: fixture(sistema.health, 200),
  ready: fixture(sistema.ready, 200),
} as const;

/**
 * Ordered calls of one flow, as the real server answered them one after the other (mocks/fixtures/<name>.json,
 * `{sequence: [...]}`): each step names its endpoint by its method and path, and satisfies that endpoint's
 * schema for its status. The QA replay plays them in order (mocks/replay.ts).
 */
export const SEQUENCES = {
  'fluxo-compra': [ordens.validateCompra, ordens.sendCompra, ordens.compraStatus],
  'fluxo-compra-rejeitada': [ordens.validateCompra, ordens.sendCompra, ordens.compraStatus],
  'fluxo-compra-offline': [ordens.validateCompra, ordens.sendCompra],
  'fluxo-venda': [ordens.sendVenda, ordens.vendaStatus],
  'fluxo-lote-compra': [lotes.validate, lotes.sendCompra, lotes.status],
  'fluxo-lote-cancelar': [lotes.validate, lotes.sendCompra, lotes.status, lotes.cancel],
  'fluxo-lote-venda': [lotes.sendVenda, lotes.status],
} as const satisfies Record<string, readonly EndpointDef[]>;

export type FixtureName = keyof typeof FIXTURES;
export type SequenceName = keyof typeof SEQUENCES;
export type FixtureEndpoint<N extends FixtureName> = (typeof FIXTURES)[N]['endpoint'];
type BodyOf<F> = F extends { endpoint: infer E extends EndpointDef; status: infer S }
  ? S extends keyof E['answers']
    ? z.output<E['answers'][S]>
    : { detail: string; campos?: Record<string, string> }
  : never;
export type FixtureBody<N extends FixtureName> = BodyOf<(typeof FIXTURES)[N]>;

/** A PDF's bytes as a fixture keeps them, in base64 (mocks/record/recorder.ts): decoded, then the contract's. */
const PdfEmBase64 = z
  .base64()
  .transform((b64): Uint8Array => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)))
  .pipe(PdfSchema);

/** The schema a fixture's answer must satisfy: its endpoint's, for its status. */
export function fixtureSchema(name: FixtureName): z.ZodType {
  const { endpoint, status } = FIXTURES[name];
  const schema = answersOf(endpoint)[status]!;
  return schema === PdfSchema ? PdfEmBase64 : schema;
}

/** One recorded call: what was sent and what the real server answered. */
export interface Fixture<Body = unknown> {
  request: { method: string; path: string; body?: unknown };
  response: { status: number; body: Body };
}

/** A recorded sequence's file. */
export interface SequenceFile {
  sequence: Fixture[];
}
