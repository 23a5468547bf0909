import {
  CODIGO_INVALIDO,
  CODIGOS_RECUPERACAO,
  DESAFIO_INVALIDO,
  JA_TEM_2FA,
  SEM_2FA_PROPRIO,
  SEM_INSCRICAO,
  SENHA_ATUAL_INCORRETA,
  SENHA_IGUAL,
  SESSAO_NAO_ENCONTRADA,
  authEndpoints as auth,
  euEndpoints as e,
  type Papel,
  type Sessao,
} from '../../contract';
import { fail, handle, invalid, ok } from '../contract';
import { mockToken, mockUsername, WRONG_PASSWORD } from './auth';
import { listMockUsuarios } from './usuarios';

/**
 * Minimal "my account" (issue 32) until the recorded answers land: the token's user (its role from the users'
 * mock, else admin), three sessions, the second factor enrolled with the code MOCK_CODIGO, a password changed
 * unless the current one is WRONG_PASSWORD. The login's second step accepts MOCK_CODIGO too.
 */
export const MOCK_CODIGO = '123456';
export const MOCK_SEGREDO = 'JBSWY3DPEHPK3PXP';
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
export function resetContaMock() {
  sessoes = [
    sessao(ATUAL, true, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36'),
    sessao(
      '00000000-0000-4000-8000-000000000002',
      false,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
    ),
  ];
  com2fa = new Set(
    listMockUsuarios()
      .filter((u) => u.totp_ativo)
      .map((u) => u.username),
  );
  inscrevendo = new Set();
}
resetContaMock();

const papelDe = (username: string): Papel =>
  listMockUsuarios().find((u) => u.username === username)?.papel ?? 'admin';

const sessaoDe = (username: string) =>
  ({
    access: mockToken(username),
    username,
    papel: papelDe(username),
    escopo: 'completo',
  }) as const;

const codigos = () =>
  Array.from(
    { length: CODIGOS_RECUPERACAO },
    (_, i) => `REC${String(i + 1).padStart(2, '0')}-MOCK`,
  );

const DESAFIO = 'mock-desafio.';

export const contaHandlers = [
  handle(auth.login2fa, ({ input: { body } }) => {
    if (!body.desafio.startsWith(DESAFIO)) return fail(401, DESAFIO_INVALIDO);
    if (body.codigo !== MOCK_CODIGO) return fail(401, CODIGO_INVALIDO);
    return ok(auth.login2fa, sessaoDe(decodeURIComponent(body.desafio.slice(DESAFIO.length))));
  }),
  handle(e.get, ({ request }) => {
    const username = mockUsername(request);
    const u = listMockUsuarios().find((x) => x.username === username);
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
    const rotulo = encodeURIComponent(`Carteira RV:${username}`);
    return ok(e.inscrever2fa, {
      segredo: MOCK_SEGREDO,
      otpauth_uri: `otpauth://totp/${rotulo}?secret=${MOCK_SEGREDO}&issuer=Carteira%20RV&algorithm=SHA1&digits=6&period=30`,
    });
  }),
  handle(e.confirmar2fa, ({ input: { body }, request }) => {
    const username = mockUsername(request);
    if (!inscrevendo.has(username)) return fail(409, SEM_INSCRICAO);
    if (body.codigo !== MOCK_CODIGO)
      return invalid([{ path: ['codigo'], message: CODIGO_INVALIDO }]);
    inscrevendo.delete(username);
    com2fa.add(username);
    sessoes = sessoes.filter((s) => s.atual);
    return ok(e.confirmar2fa, { ...sessaoDe(username), codigos_recuperacao: codigos() });
  }),
  handle(e.desativar2fa, ({ input: { body }, request }) => {
    const username = mockUsername(request);
    if (!com2fa.has(username)) return fail(409, SEM_2FA_PROPRIO);
    if (body.codigo !== MOCK_CODIGO && !codigos().includes(body.codigo))
      return invalid([{ path: ['codigo'], message: CODIGO_INVALIDO }]);
    com2fa.delete(username);
    return ok(e.desativar2fa, null);
  }),
];

/** The first step's answer for a user with the second factor on (for a test's `server.use`). */
export const precisa2fa = (username: string) => ({
  precisa_2fa: true as const,
  desafio: `${DESAFIO}${encodeURIComponent(username)}`,
});
