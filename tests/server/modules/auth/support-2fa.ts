import { Secret, TOTP } from 'otpauth';
import type { Confirmacao2fa, Inscricao2fa, LoginResponse } from '../../../../contract';
import type { TestServer } from '../../../support/test-server';

/** The code an authenticator app shows for `segredo` at `timestamp` (ms), computed here as RFC 6238 says. */
export const codeAt = (segredo: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(segredo), timestamp });

/** The code of the next 30-second step: a code not yet used, accepted as the step after the current one. */
export const nextCode = (segredo: string) => codeAt(segredo, Date.now() + 30_000);

export async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** Enrols the token's user: the secret, the recovery codes and the new full token the confirmation answers. */
export async function enrol(server: TestServer, token: string) {
  const inscricao = await json<Inscricao2fa>(
    await server.request('/api/eu/2fa/', { method: 'POST', token }),
    200,
  );
  const confirmacao = await json<Confirmacao2fa>(
    await server.request('/api/eu/2fa/confirmar/', {
      method: 'POST',
      token,
      json: { codigo: codeAt(inscricao.segredo) },
    }),
    200,
  );
  return { ...inscricao, ...confirmacao };
}

/** POST token/, answered with the 2FA challenge. */
export async function passwordStep(server: TestServer, username: string, password: string) {
  const res = await server.request('/api/token/', {
    method: 'POST',
    json: { username, password },
  });
  return json<{ detail: string; precisa_2fa: true; desafio: string }>(res, 401);
}

/** Both steps of a login with a second factor. */
export async function loginWith2fa(
  server: TestServer,
  username: string,
  password: string,
  codigo: string,
): Promise<LoginResponse> {
  const { desafio } = await passwordStep(server, username, password);
  return json<LoginResponse>(
    await server.request('/api/token/2fa/', { method: 'POST', json: { desafio, codigo } }),
    200,
  );
}
