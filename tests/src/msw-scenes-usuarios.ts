import {
  AUDITORIA_LIMITE,
  DESAFIO_INVALIDO,
  JA_TEM_2FA,
  SEM_2FA_PROPRIO,
  SEM_INSCRICAO,
  SENHA_ATUAL_INCORRETA,
  SENHA_IGUAL,
  SESSAO_NAO_ENCONTRADA,
  auditoriaEndpoints as a,
  authEndpoints as auth,
  euEndpoints as e,
  usuariosEndpoints as ue,
  type EntradaAuditoria,
  type Papel,
  type Sessao,
  type Usuario,
} from '../../contract';
import { fail, handle, invalid, ok } from '../../mocks/contract';
import { mockToken, mockUsername, WRONG_PASSWORD } from '../../mocks/handlers/auth';
import { recorded } from '../../mocks/recorded';

/**
 * The server of issue 32's screens for their tests (server.use), over the recorded answers (mocks/fixtures/
 * usuarios*, eu*, token-2fa*): the recorded users (an admin, and an operator with the second factor whose logins
 * wait) created, edited, deactivated, given a new temporary password, their 2FA reset and throttle cleared, the
 * refusals as recorded (a name taken, the last active admin, no second factor); my account as the token's user
 * (its role from those users, else admin) with two sessions (one of another browser), the second factor enrolled
 * with the recorded secret and code, answering the recorded recovery codes; the login's second step accepting the
 * recorded TOTP or recovery codes. Each call of usuariosScene starts from the recorded state.
 */

const refusal = (name: Parameters<typeof recorded>[0]) => recorded(name).response as never;

let usuarios: Usuario[] = [];
let nextId = 1;
function resetUsuarios() {
  usuarios = recorded('usuarios').response.body.map((u) => ({ ...u }));
  nextId = Math.max(...usuarios.map((u) => u.id)) + 1;
}

/** A user the mock holds, to start a test from (a deactivated one, a role without a user yet). */
export function addMockUsuario(u: Partial<Usuario> & Pick<Usuario, 'username' | 'papel'>): Usuario {
  const novo: Usuario = {
    id: nextId++,
    email: null,
    ativo: true,
    totp_ativo: false,
    senha_temporaria: false,
    ultimo_login: null,
    criado_em: usuarios[0]!.criado_em,
    bloqueado_ate: null,
    ...u,
  };
  usuarios.push(novo);
  return novo;
}

const adminsAtivos = () => usuarios.filter((u) => u.papel === 'admin' && u.ativo).length;

const usuariosHandlers = () => [
  handle(ue.list, () => ok(ue.list, usuarios)),
  handle(ue.create, ({ input: { body } }) => {
    if (usuarios.some((u) => u.username === body.username)) return refusal('usuarios-create-409');
    const novo = addMockUsuario({
      username: body.username,
      email: body.email ?? null,
      papel: body.papel,
      senha_temporaria: true,
    });
    const { senha_temporaria } = recorded('usuarios-create').response.body;
    return ok(ue.create, { id: novo.id, username: novo.username, senha_temporaria });
  }),
  handle(ue.update, ({ input: { params, body } }) => {
    const u = usuarios.find((x) => x.id === params.id);
    if (!u) return refusal('usuarios-update-404');
    const deixaDeSerAdmin = (body.papel && body.papel !== 'admin') || body.ativo === false;
    if (u.papel === 'admin' && u.ativo && deixaDeSerAdmin && adminsAtivos() === 1)
      return refusal('usuarios-update-409');
    Object.assign(u, {
      ...(body.email !== undefined && { email: body.email }),
      ...(body.papel && { papel: body.papel }),
      ...(body.ativo !== undefined && { ativo: body.ativo }),
    });
    return ok(ue.update, u);
  }),
  handle(ue.resetSenha, ({ input: { params } }) => {
    const u = usuarios.find((x) => x.id === params.id);
    if (!u) return refusal('usuarios-senha-404');
    u.senha_temporaria = true;
    return ok(ue.resetSenha, recorded('usuarios-senha').response.body);
  }),
  handle(ue.desativar2fa, ({ input: { params } }) => {
    const u = usuarios.find((x) => x.id === params.id);
    if (!u) return refusal('usuarios-2fa-desativar-404');
    if (!u.totp_ativo) return refusal('usuarios-2fa-desativar-409');
    u.totp_ativo = false;
    return ok(ue.desativar2fa, u);
  }),
  handle(ue.desbloquear, ({ input: { params } }) => {
    const u = usuarios.find((x) => x.id === params.id);
    if (!u) return refusal('usuarios-desbloquear-404');
    u.bloqueado_ate = null;
    return ok(ue.desbloquear, u);
  }),
];

const inscricao = recorded('eu-2fa').response.body;
const confirmacao = recorded('eu-2fa-confirmar');
/** The TOTP code the recording confirmed its enrolment with: the mocks accept it wherever a code is asked. */
export const MOCK_CODIGO = (confirmacao.request.body as { codigo: string }).codigo;
export const MOCK_SEGREDO = inscricao.segredo;
const RECUPERACAO = confirmacao.response.body.codigos_recuperacao;
const aceito = (codigo: string) => codigo === MOCK_CODIGO || RECUPERACAO.includes(codigo);
const ATUAL = '00000000-0000-4000-8000-000000000001';
const CRIADA = '2026-01-05T12:00:00.000Z';

const sessao = (id: string, atual: boolean, navegador: string): Sessao => ({
  id,
  criada_em: CRIADA,
  ultimo_acesso: CRIADA,
  endereco: atual ? '127.0.0.1' : '10.0.0.7',
  navegador,
  atual,
});

let sessoes: Sessao[] = [];
/** Who has the second factor on, and who started an enrolment. */
let com2fa = new Set<string>();
let inscrevendo = new Set<string>();
function resetConta() {
  sessoes = [
    sessao(ATUAL, true, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36'),
    sessao(
      '00000000-0000-4000-8000-000000000002',
      false,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    ),
  ];
  com2fa = new Set(usuarios.filter((u) => u.totp_ativo).map((u) => u.username));
  inscrevendo = new Set();
}

const papelDe = (username: string): Papel =>
  usuarios.find((u) => u.username === username)?.papel ?? 'admin';

const sessaoDe = (username: string) =>
  ({
    access: mockToken(username),
    username,
    papel: papelDe(username),
    escopo: 'completo',
  }) as const;

const DESAFIO = 'mock-desafio.';

const contaHandlers = () => [
  handle(auth.login2fa, ({ input: { body } }) => {
    if (!body.desafio.startsWith(DESAFIO)) return fail(401, DESAFIO_INVALIDO);
    if (!aceito(body.codigo)) return refusal('token-2fa-401');
    return ok(auth.login2fa, sessaoDe(decodeURIComponent(body.desafio.slice(DESAFIO.length))));
  }),
  handle(e.get, ({ request }) => {
    const username = mockUsername(request);
    const u = usuarios.find((x) => x.username === username);
    return ok(e.get, {
      id: u?.id ?? 1,
      username,
      email: u?.email ?? null,
      papel: papelDe(username),
      totp_ativo: com2fa.has(username),
      senha_temporaria: false,
      exige_2fa: false,
      escopo: 'completo',
      sessao_id: ATUAL,
    });
  }),
  handle(e.senha, ({ input: { body }, request }) => {
    if (body.atual === WRONG_PASSWORD)
      return invalid([{ path: ['atual'], message: SENHA_ATUAL_INCORRETA }]);
    if (body.nova === body.atual) return invalid([{ path: ['nova'], message: SENHA_IGUAL }]);
    sessoes = sessoes.filter((s) => s.atual);
    return ok(e.senha, sessaoDe(mockUsername(request)));
  }),
  handle(e.sessoes, () => ok(e.sessoes, sessoes)),
  handle(e.encerrarSessao, ({ input: { params } }) => {
    if (!sessoes.some((s) => s.id === params.id && !s.atual))
      return fail(404, SESSAO_NAO_ENCONTRADA);
    sessoes = sessoes.filter((s) => s.id !== params.id);
    return ok(e.encerrarSessao, null);
  }),
  handle(e.encerrarOutras, () => {
    const encerradas = sessoes.filter((s) => !s.atual).length;
    sessoes = sessoes.filter((s) => s.atual);
    return ok(e.encerrarOutras, { encerradas });
  }),
  handle(e.inscrever2fa, ({ request }) => {
    const username = mockUsername(request);
    if (com2fa.has(username)) return fail(409, JA_TEM_2FA);
    inscrevendo.add(username);
    return ok(e.inscrever2fa, inscricao);
  }),
  handle(e.confirmar2fa, ({ input: { body }, request }) => {
    const username = mockUsername(request);
    if (!inscrevendo.has(username)) return fail(409, SEM_INSCRICAO);
    if (body.codigo !== MOCK_CODIGO) return refusal('eu-2fa-confirmar-400');
    inscrevendo.delete(username);
    com2fa.add(username);
    sessoes = sessoes.filter((s) => s.atual);
    return ok(e.confirmar2fa, { ...sessaoDe(username), codigos_recuperacao: RECUPERACAO });
  }),
  handle(e.desativar2fa, ({ input: { body }, request }) => {
    const username = mockUsername(request);
    if (!com2fa.has(username)) return fail(409, SEM_2FA_PROPRIO);
    if (!aceito(body.codigo)) return refusal('eu-2fa-delete-400');
    com2fa.delete(username);
    return ok(e.desativar2fa, null);
  }),
];

/** The first step's answer for a user with the second factor on (for a test's `server.use`). */
export const precisa2fa = (username: string) => ({
  precisa_2fa: true as const,
  desafio: `${DESAFIO}${encodeURIComponent(username)}`,
});

/** The users and my account, from the recorded state. */
export function usuariosScene() {
  resetUsuarios();
  resetConta();
  return [...usuariosHandlers(), ...contaHandlers()];
}

const INICIO = Date.parse('2026-01-05T13:00:00.000Z');
const HORA = 3_600_000;

function entrada(i: number): EntradaAuditoria {
  const id = i + 1;
  const em = new Date(INICIO + i * HORA).toISOString();
  const kinds: Array<Omit<EntradaAuditoria, 'id' | 'em'>> = [
    {
      usuario: 'ana',
      acao: 'create',
      entidade: 'order_group',
      entidade_id: `0000${String(id).padStart(4, '0')}-0000-4000-8000-000000000000`,
      antes: null,
      depois: { cliente_id: 1, ticker_base: 'PETR4', lado: 'compra', state: 'sent' },
    },
    {
      usuario: 'admin',
      acao: 'update',
      entidade: 'user',
      entidade_id: 'bruno',
      antes: { papel: 'leitura', email: null },
      depois: { papel: 'assessor', email: 'bruno@carteira.example' },
    },
    {
      usuario: 'bruno',
      acao: 'update',
      entidade: 'operacao',
      entidade_id: String(id),
      antes: { cliente: 1, valor_alvo: 40, quantidade: 100 },
      depois: { cliente: 1, valor_alvo: 42.5, quantidade: 100 },
    },
    {
      usuario: 'admin',
      acao: 'delete',
      entidade: 'cliente',
      entidade_id: String(id),
      antes: { nome: 'Cliente Removido', email: null },
      depois: null,
    },
  ];
  return { id, em, ...kinds[i % kinds.length]! };
}

const ENTRADAS: readonly EntradaAuditoria[] = Array.from({ length: 130 }, (_, i) =>
  entrada(i),
).reverse();

/** The São Paulo day of an instant (UTC−3, no daylight saving since 2019). */
const diaDe = (em: string) => new Date(Date.parse(em) - 3 * HORA).toISOString().slice(0, 10);

/**
 * The audit log for the audit screen's tests: 130 entries over a week, newest first, of a few users and kinds of
 * record, filtered and paged by cursor as the server does (an entry's day in São Paulo).
 */
export const auditoriaScene = () => [
  handle(a.list, ({ input: { query } }) => {
    const cursor = query.cursor ? Number(query.cursor) : Infinity;
    const filtradas = ENTRADAS.filter(
      (x) =>
        x.id < cursor &&
        (!query.usuario || x.usuario === query.usuario) &&
        (!query.entidade || x.entidade === query.entidade) &&
        (!query.acao || x.acao === query.acao) &&
        (!query.de || diaDe(x.em) >= query.de) &&
        (!query.ate || diaDe(x.em) <= query.ate),
    );
    const results = filtradas.slice(0, AUDITORIA_LIMITE);
    const more = filtradas.length > AUDITORIA_LIMITE;
    return ok(a.list, { results, next_cursor: more ? String(results.at(-1)!.id) : null });
  }),
];
