import {
  SEM_2FA,
  ULTIMO_ADMIN,
  USUARIO_EXISTE,
  USUARIO_NAO_ENCONTRADO,
  usuariosEndpoints as e,
  type Usuario,
} from '../../contract';
import { fail, handle, ok } from '../contract';

/**
 * Minimal users (issue 32) until the recorded answers land: one of each role (ana has the second factor, carla is
 * deactivated), created, edited, deactivated, a new temporary password, 2FA reset and the throttle cleared, the
 * last active admin kept (409). The screens' tests set other answers per test.
 */
const EM = '2026-01-05T12:00:00.000Z';
const usuario = (id: number, username: string, papel: Usuario['papel'], extra: Partial<Usuario>) =>
  ({
    id,
    username,
    email: `${username}@carteira.example`,
    papel,
    ativo: true,
    totp_ativo: false,
    senha_temporaria: false,
    ultimo_login: EM,
    criado_em: EM,
    bloqueado_ate: null,
    ...extra,
  }) satisfies Usuario;

const SEED: readonly Usuario[] = [
  usuario(1, 'admin', 'admin', {}),
  usuario(2, 'ana', 'operador', { totp_ativo: true }),
  usuario(3, 'bruno', 'assessor', { bloqueado_ate: '2026-01-05T12:15:00.000Z' }),
  usuario(4, 'carla', 'leitura', { ativo: false, ultimo_login: null }),
];

let usuarios: Usuario[] = [];
let nextId = 1;
let senhas = 0;
export function resetUsuariosMock() {
  usuarios = SEED.map((u) => ({ ...u }));
  nextId = SEED.length + 1;
  senhas = 0;
}
resetUsuariosMock();

/** The users as the mock holds them now (the account's role, the audit's names). */
export const listMockUsuarios = (): readonly Usuario[] => usuarios;

/** A temporary password: a new one each time, as the server's. */
const senhaTemporaria = () => `Temporaria-${String(++senhas).padStart(4, '0')}-mock`;

const adminsAtivos = () => usuarios.filter((u) => u.papel === 'admin' && u.ativo).length;

export const usuariosHandlers = [
  handle(e.list, () => ok(e.list, usuarios)),
  handle(e.create, ({ input: { body } }) => {
    if (usuarios.some((u) => u.username === body.username)) return fail(409, USUARIO_EXISTE);
    const novo = usuario(nextId++, body.username, body.papel, {
      email: body.email ?? null,
      senha_temporaria: true,
      ultimo_login: null,
    });
    usuarios.push(novo);
    return ok(e.create, {
      id: novo.id,
      username: novo.username,
      senha_temporaria: senhaTemporaria(),
    });
  }),
  handle(e.update, ({ input: { params, body } }) => {
    const u = usuarios.find((x) => x.id === params.id);
    if (!u) return fail(404, USUARIO_NAO_ENCONTRADO);
    const deixaDeSerAdmin = (body.papel && body.papel !== 'admin') || body.ativo === false;
    if (u.papel === 'admin' && u.ativo && deixaDeSerAdmin && adminsAtivos() === 1)
      return fail(409, ULTIMO_ADMIN);
    Object.assign(u, {
      ...(body.email !== undefined && { email: body.email }),
      ...(body.papel && { papel: body.papel }),
      ...(body.ativo !== undefined && { ativo: body.ativo }),
    });
    return ok(e.update, u);
  }),
  handle(e.resetSenha, ({ input: { params } }) => {
    const u = usuarios.find((x) => x.id === params.id);
    if (!u) return fail(404, USUARIO_NAO_ENCONTRADO);
    u.senha_temporaria = true;
    return ok(e.resetSenha, { senha_temporaria: senhaTemporaria() });
  }),
  handle(e.desativar2fa, ({ input: { params } }) => {
    const u = usuarios.find((x) => x.id === params.id);
    if (!u) return fail(404, USUARIO_NAO_ENCONTRADO);
    if (!u.totp_ativo) return fail(409, SEM_2FA);
    u.totp_ativo = false;
    return ok(e.desativar2fa, u);
  }),
  handle(e.desbloquear, ({ input: { params } }) => {
    const u = usuarios.find((x) => x.id === params.id);
    if (!u) return fail(404, USUARIO_NAO_ENCONTRADO);
    u.bloqueado_ate = null;
    return ok(e.desbloquear, u);
  }),
];
