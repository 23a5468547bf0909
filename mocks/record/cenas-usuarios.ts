import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { endpoints } from '../../contract';
import { NENHUM } from './cenas-cadastro';
import type { Recorder } from './recorder';

// Issue 32: users, my account, the second factor and the audit log, driven as an administrator and as the users
// it creates (each with the temporary password it is given, then its own).

const { auth, eu, usuarios } = endpoints;

/** What an authenticator app shows for `segredo`, `offsetMs` from now. */
const codeAt = (segredo: string, offsetMs = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(segredo), timestamp: Date.now() + offsetMs });

const SENHA = 'senha-da-operadora-qa-1';

/** A user made by the administrator, logged in with its temporary password and with its own one set. */
async function novoUsuario(r: Recorder, username: string, papel: 'operador' | 'leitura') {
  const admin = r.token;
  const criado = await r.send(usuarios.create, { body: { username, papel } });
  r.token = null;
  const temp = await r.send(auth.login, {
    body: { username, password: criado.senha_temporaria },
  });
  r.token = temp.access;
  const { access } = await r.send(eu.senha, {
    body: { atual: criado.senha_temporaria, nova: SENHA },
  });
  r.token = admin;
  return { id: criado.id, access };
}

/** Calls that must fail until the throttle answers 429 (the refusals before it are not kept). */
async function untilThrottled(attempt: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) {
    const res = await attempt().catch((e: Error) => e.message);
    if (typeof res === 'string' && res.includes('got 429')) return;
  }
  throw new Error('the throttle never answered 429');
}

export async function gravarUsuarios(r: Recorder) {
  const admin = r.token;
  const { id: adminId } = await r.send(eu.get, {});
  await r.record('usuarios-create-400', { body: { username: 'com espaço', papel: 'operador' } });
  const criado = await r.record('usuarios-create', {
    body: { username: 'qa-operadora', email: 'operadora@example.com', papel: 'operador' },
  });
  await r.record('usuarios-create-409', { body: { username: 'qa-operadora', papel: 'leitura' } });
  await r.record('usuarios-update', {
    params: { id: criado.id },
    body: { email: 'operadora.qa@example.com', papel: 'operador', ativo: true },
  });
  await r.record('usuarios-update-404', { params: { id: NENHUM }, body: { ativo: false } });
  await r.record('usuarios-update-409', { params: { id: adminId }, body: { papel: 'leitura' } });

  // Her first login: the temporary password reaches only the change of password.
  r.token = null;
  const temp = await r.send(auth.login, {
    body: { username: 'qa-operadora', password: criado.senha_temporaria },
  });
  r.token = temp.access;
  await r.record('eu-senha-400', { body: { atual: criado.senha_temporaria, nova: 'curta' } });
  r.token = (
    await r.record('eu-senha', { body: { atual: criado.senha_temporaria, nova: SENHA } })
  ).access;
  await r.record('eu', {});
  const mine = r.token;
  r.token = null;
  const outra = await r.send(auth.login, { body: { username: 'qa-operadora', password: SENHA } });
  r.token = mine;
  await r.record('eu-sessoes', {});
  await r.record('eu-sessoes-delete', { params: { id: decodeJwt(outra.access).jti! } });
  await r.record('eu-sessoes-delete-404', {
    params: { id: '00000000-0000-4000-8000-000000000000' },
  });
  await r.record('eu-sessoes-encerrar-outras', {});

  // Her second factor: enrolled, then asked at the login (a recovery code), then off and on again.
  await r.record('eu-2fa-confirmar-409', { body: { codigo: '123456' } });
  const inscricao = await r.record('eu-2fa', {});
  await r.record('eu-2fa-confirmar-400', { body: { codigo: codeAt(inscricao.segredo, -600_000) } });
  const confirmada = await r.record('eu-2fa-confirmar', {
    body: { codigo: codeAt(inscricao.segredo) },
  });
  r.token = confirmada.access;
  await r.record('eu-2fa-409', {});
  const [codigo0, codigo1, codigo2] = confirmada.codigos_recuperacao;
  r.token = null;
  const login = { username: 'qa-operadora', password: SENHA };
  const pedido = await r.record('token-precisa-2fa', { body: login });
  await r.record('token-2fa-401', {
    body: { desafio: pedido.desafio!, codigo: codeAt(inscricao.segredo, -600_000) },
  });
  r.token = (
    await r.record('token-2fa', { body: { desafio: pedido.desafio!, codigo: codigo0! } })
  ).access;
  await r.record('eu-2fa-delete-400', { body: { codigo: codigo0! } });
  await r.record('eu-2fa-delete', { body: { codigo: codigo1! } });
  await r.record('eu-2fa-delete-409', { body: { codigo: codigo2! } });
  const nova = await r.send(eu.inscrever2fa, {});
  await r.send(eu.confirmar2fa, { body: { codigo: codeAt(nova.segredo) } });

  // Wrong codes until her logins wait: the administrator sees it in the list and clears it.
  r.token = null;
  const desafio = (await r.call(auth.login, { body: login }, 401)).response.body as {
    desafio: string;
  };
  const errado = { desafio: desafio.desafio, codigo: codeAt(nova.segredo, -600_000) };
  await untilThrottled(() => r.call(auth.login2fa, { body: errado }, 401));
  await r.record('token-2fa-429', { body: errado });
  r.token = admin;
  await r.record('usuarios', {});
  await r.record('usuarios-desbloquear', { params: { id: criado.id } });
  await r.record('usuarios-desbloquear-404', { params: { id: NENHUM } });
  await r.record('usuarios-2fa-desativar', { params: { id: criado.id } });
  await r.record('usuarios-2fa-desativar-409', { params: { id: criado.id } });
  await r.record('usuarios-2fa-desativar-404', { params: { id: NENHUM } });
  await r.record('usuarios-senha', { params: { id: criado.id } });
  await r.record('usuarios-senha-404', { params: { id: NENHUM } });

  // A wrong current password, again and again, waits like a wrong login.
  const leitura = await novoUsuario(r, 'qa-leitura', 'leitura');
  r.token = leitura.access;
  const wrong = { atual: 'nao-e-a-senha-dela', nova: 'uma-nova-senha-qualquer' };
  await untilThrottled(() => r.call(eu.senha, { body: wrong }, 400));
  await r.record('eu-senha-429', { body: wrong });

  r.token = admin;
  await r.record('auditoria', { query: { entidade: 'user' } });
  await r.record('auditoria-400', { query: { de: '2026-02-01', ate: '2026-01-01' } });
}
