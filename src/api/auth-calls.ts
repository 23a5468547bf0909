import {
  authEndpoints as e,
  LoginResponseSchema,
  Precisa2faSchema,
  type Login2faRequest,
  type LoginRequest,
  type LoginResponse,
} from '../../contract';
import { authApi } from '../lib/api';
import { ApiRequestError } from '../lib/api-error';
import { call } from './call';

/** What the password step answers: a session, or the challenge of the second step (the user has 2FA on). */
export type LoginResult = { sessao: LoginResponse } | { desafio: string };

/**
 * Without a token, and a 401 here is a wrong password, not an expired session. The 401 of a right password with
 * the second factor on carries `precisa_2fa` and the `desafio`, which the error's usual reading would drop: that
 * one answer is read here as what it is.
 */
export async function login(body: LoginRequest): Promise<LoginResult> {
  const { status, data } = await authApi.request<unknown>({
    method: e.login.method,
    url: e.login.path.slice(1),
    data: body,
    validateStatus: (s) => s === 200 || s === 401,
  });
  if (status === 200) return { sessao: LoginResponseSchema.parse(data) };
  const error = Precisa2faSchema.safeParse(data);
  if (error.success && error.data.precisa_2fa && error.data.desafio)
    return { desafio: error.data.desafio };
  throw new ApiRequestError(401, 'Unauthorized', error.success ? error.data.detail : undefined);
}

/** The second step: the challenge and a TOTP or recovery code. */
export const login2fa = (body: Login2faRequest) => call(e.login2fa, { body }, { client: authApi });

export const logout = () => call(e.logout);
