import {
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
import { fail, handle, invalid, ok } from '../../mocks/contract';
import { mockUsername } from '../../mocks/handlers/auth';
import { server } from '../../mocks/node';

/**
 * The alerts' screens' server (issue 31), set by `seedAlertasMock` for one test (the mocks replay the recordings):
 * the alerts' endpoints over what the test seeds, lists in the order seeded (the server's: newest first). Reads, acknowledgements, snoozes, rules and choices
 * change it; the server's refusals are its contract's words. The mock never fires an alert itself.
 */
export interface AlertasSeed {
  alertas?: Alerta[];
  notificacoes?: Notificacao[];
  regras?: RegraPreco[];
  preferencias?: Preferencias;
}

const PADRAO: Preferencias = { email: null, email_ativo: false, canais: CANAIS_PADRAO };
let seed: AlertasSeed = {};
const inicial = (): Required<AlertasSeed> =>
  structuredClone({ alertas: [], notificacoes: [], regras: [], preferencias: PADRAO, ...seed });
let estado = inicial();

/** Back to the seed: the session's reads, acknowledgements, rules and choices forgotten. */
export function resetAlertasMock() {
  estado = inicial();
}

/** This test's alerts, answered by the scene's handlers until the test ends (msw's handlers are reset after each). */
export function seedAlertasMock(data: AlertasSeed) {
  seed = data;
  resetAlertasMock();
  server.use(...alertasScene);
}

const naoLidas = () => estado.notificacoes.filter((n) => !n.lida).length;
const alerta = (id: number) => estado.alertas.find((a) => a.id === id);
const regra = (id: number) => estado.regras.find((r) => r.id === id);

const alertasScene = [
  handle(e.list, ({ input: { query: q } }) =>
    ok(
      e.list,
      estado.alertas.filter(
        (a) =>
          (q.estado ?? a.estado) === a.estado &&
          (q.tipo ?? a.tipo) === a.tipo &&
          (q.cliente === undefined || a.assunto.cliente === q.cliente),
      ),
    ),
  ),
  handle(e.reconhecer, ({ input: { params }, request }) => {
    const a = alerta(params.id);
    if (!a) return fail(404, ALERTA_NAO_ENCONTRADO);
    // The tests' session token names nobody: the mock's default user.
    const por = mockUsername(request) || 'operador';
    const em = new Date().toISOString();
    if (!a.reconhecido)
      Object.assign(a, { reconhecido: true, reconhecido_por: por, reconhecido_em: em });
    return ok(e.reconhecer, a);
  }),
  handle(e.adiar, ({ input: { params, body } }) => {
    const a = alerta(params.id);
    if (!a) return fail(404, ALERTA_NAO_ENCONTRADO);
    if (Date.parse(body.ate) <= Date.now())
      return invalid([{ path: ['ate'], message: ADIAR_NO_PASSADO }]);
    if (a.estado === 'resolvido') return fail(409, ALERTA_JA_RESOLVIDO);
    a.adiado_ate = new Date(body.ate).toISOString();
    return ok(e.adiar, a);
  }),
  handle(e.regras, () => ok(e.regras, estado.regras)),
  handle(e.createRegra, ({ input: { body: b } }) => {
    const igual = (r: RegraPreco) =>
      r.ticker === b.ticker && r.direcao === b.direcao && r.nivel === b.nivel;
    if (estado.regras.some(igual)) return fail(409, REGRA_DUPLICADA);
    const id = Math.max(0, ...estado.regras.map((r) => r.id)) + 1;
    const nova = {
      id,
      ...b,
      armada: true,
      disparada_em: null,
      criada_em: new Date().toISOString(),
    };
    estado.regras.unshift(nova);
    return ok(e.createRegra, nova);
  }),
  handle(e.rearmarRegra, ({ input: { params } }) => {
    const r = regra(params.id);
    if (!r) return fail(404, REGRA_NAO_ENCONTRADA);
    if (r.armada) return fail(409, REGRA_ARMADA);
    return ok(e.rearmarRegra, Object.assign(r, { armada: true, disparada_em: null }));
  }),
  handle(e.deleteRegra, ({ input: { params } }) => {
    if (!regra(params.id)) return fail(404, REGRA_NAO_ENCONTRADA);
    estado.regras = estado.regras.filter((r) => r.id !== params.id);
    return ok(e.deleteRegra, null);
  }),
  handle(e.notificacoes, ({ input: { query } }) =>
    ok(
      e.notificacoes,
      estado.notificacoes.filter((n) => !query.nao_lidas || !n.lida),
    ),
  ),
  handle(e.contagem, () => ok(e.contagem, { nao_lidas: naoLidas() })),
  handle(e.marcarLidas, ({ input: { body } }) => {
    const lidas = estado.notificacoes.filter((n) => !n.lida && (body.ids?.includes(n.id) ?? true));
    for (const n of lidas) n.lida = true;
    return ok(e.marcarLidas, { marcadas: lidas.length, nao_lidas: naoLidas() });
  }),
  handle(e.preferencias, () => ok(e.preferencias, estado.preferencias)),
  handle(e.updatePreferencias, ({ input: { body } }) => {
    const p = estado.preferencias;
    if (body.email !== undefined) p.email = body.email;
    Object.assign(p.canais, body.canais);
    return ok(e.updatePreferencias, p);
  }),
];
