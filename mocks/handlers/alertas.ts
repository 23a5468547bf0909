import {
  ACAO_DA_REGRA_DESCONHECIDA,
  ADIAR_DIAS_MAXIMOS,
  ADIAR_LONGE_DEMAIS,
  ADIAR_NO_PASSADO,
  ALERTA_JA_RESOLVIDO,
  ALERTA_NAO_ENCONTRADO,
  alertasEndpoints as e,
  CANAIS_PADRAO,
  REGRA_ARMADA,
  REGRA_DUPLICADA,
  REGRA_NAO_ENCONTRADA,
  type Alerta,
  type Notificacao,
  type Preferencias,
  type RegraPreco,
} from '../../contract';
import { fail, handle, invalid, ok } from '../contract';
import { mockUsername } from './auth';
import { mockAcao } from './carteira';

/**
 * Minimal (issue 31): the alerts' endpoints over an in-memory state, empty unless a test (or, once recorded, the
 * server's fixtures) seeds it: the bell counts what is unread, the list filters, acknowledge and snooze change an
 * alert, the price rules refuse a duplicate (409) as the server does, and the preferences keep what is sent. The
 * mock never fires an alert itself.
 */
export interface AlertasSeed {
  alertas?: Alerta[];
  notificacoes?: Notificacao[];
  regras?: RegraPreco[];
  preferencias?: Preferencias;
}

const PREFERENCIAS: Preferencias = { email: null, email_ativo: false, canais: CANAIS_PADRAO };
let seed: AlertasSeed = {};
let alertas: Alerta[] = [];
let notificacoes: Notificacao[] = [];
let regras: RegraPreco[] = [];
let preferencias = PREFERENCIAS;
let nextRegra = 1;

/** Back to the seed: the session's acknowledgements, reads, rules and choices forgotten. */
export function resetAlertasMock() {
  alertas = structuredClone(seed.alertas ?? []);
  notificacoes = structuredClone(seed.notificacoes ?? []);
  regras = structuredClone(seed.regras ?? []);
  preferencias = structuredClone(seed.preferencias ?? PREFERENCIAS);
  nextRegra = Math.max(0, ...regras.map((r) => r.id)) + 1;
}

/** Replaces the seed (a test's alerts and notifications) and starts over from it. */
export function seedAlertasMock(data: AlertasSeed) {
  seed = data;
  resetAlertasMock();
}

const recentes = <T extends { id: number }>(list: T[], at: (t: T) => string) =>
  [...list].sort((a, b) => at(b).localeCompare(at(a)) || b.id - a.id);
const naoLidas = () => notificacoes.filter((n) => !n.lida).length;

function comAlerta(id: number, change: (a: Alerta) => ReturnType<typeof fail> | void) {
  const alerta = alertas.find((a) => a.id === id);
  if (!alerta) return fail(404, ALERTA_NAO_ENCONTRADO);
  return change(alerta) ?? ok(e.reconhecer, alerta);
}

export const alertasHandlers = [
  handle(e.list, ({ input: { query } }) =>
    ok(
      e.list,
      recentes(alertas, (a) => a.desde).filter(
        (a) =>
          (query.estado === undefined || a.estado === query.estado) &&
          (query.tipo === undefined || a.tipo === query.tipo) &&
          (query.cliente === undefined || a.assunto.cliente === query.cliente),
      ),
    ),
  ),
  handle(e.reconhecer, ({ input: { params }, request }) =>
    comAlerta(params.id, (a) => {
      if (a.reconhecido) return;
      Object.assign(a, {
        reconhecido: true,
        // The tests' session token names nobody: the mock's default user.
        reconhecido_por: mockUsername(request) || 'operador',
        reconhecido_em: new Date().toISOString(),
      });
    }),
  ),
  handle(e.adiar, ({ input: { params, body } }) =>
    comAlerta(params.id, (a) => {
      const ate = Date.parse(body.ate);
      if (ate <= Date.now()) return invalid([{ path: ['ate'], message: ADIAR_NO_PASSADO }]);
      if (ate > Date.now() + ADIAR_DIAS_MAXIMOS * 86_400_000)
        return invalid([{ path: ['ate'], message: ADIAR_LONGE_DEMAIS }]);
      if (a.estado === 'resolvido') return fail(409, ALERTA_JA_RESOLVIDO);
      a.adiado_ate = new Date(ate).toISOString();
    }),
  ),
  handle(e.regras, () =>
    ok(
      e.regras,
      recentes(regras, (r) => r.criada_em),
    ),
  ),
  handle(e.createRegra, ({ input: { body } }) => {
    if (!mockAcao(body.ticker))
      return invalid([{ path: ['ticker'], message: ACAO_DA_REGRA_DESCONHECIDA }]);
    const igual = (r: RegraPreco) =>
      r.ticker === body.ticker && r.direcao === body.direcao && r.nivel === body.nivel;
    if (regras.some(igual)) return fail(409, REGRA_DUPLICADA);
    const regra: RegraPreco = {
      id: nextRegra++,
      ...body,
      armada: true,
      disparada_em: null,
      criada_em: new Date().toISOString(),
    };
    regras.push(regra);
    return ok(e.createRegra, regra);
  }),
  handle(e.rearmarRegra, ({ input: { params } }) => {
    const regra = regras.find((r) => r.id === params.id);
    if (!regra) return fail(404, REGRA_NAO_ENCONTRADA);
    if (regra.armada) return fail(409, REGRA_ARMADA);
    Object.assign(regra, { armada: true, disparada_em: null });
    return ok(e.rearmarRegra, regra);
  }),
  handle(e.deleteRegra, ({ input: { params } }) => {
    if (!regras.some((r) => r.id === params.id)) return fail(404, REGRA_NAO_ENCONTRADA);
    regras = regras.filter((r) => r.id !== params.id);
    return ok(e.deleteRegra, null);
  }),
  handle(e.notificacoes, ({ input: { query } }) =>
    ok(
      e.notificacoes,
      recentes(notificacoes, (n) => n.criada_em).filter((n) => !query.nao_lidas || !n.lida),
    ),
  ),
  handle(e.contagem, () => ok(e.contagem, { nao_lidas: naoLidas() })),
  handle(e.marcarLidas, ({ input: { body } }) => {
    const alvo = notificacoes.filter((n) => !n.lida && (!body.ids || body.ids.includes(n.id)));
    for (const n of alvo) n.lida = true;
    return ok(e.marcarLidas, { marcadas: alvo.length, nao_lidas: naoLidas() });
  }),
  handle(e.preferencias, () => ok(e.preferencias, preferencias)),
  handle(e.updatePreferencias, ({ input: { body } }) => {
    preferencias = {
      ...preferencias,
      ...(body.email !== undefined && { email: body.email }),
      canais: { ...preferencias.canais, ...body.canais },
    };
    return ok(e.updatePreferencias, preferencias);
  }),
];
