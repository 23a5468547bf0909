import type { LoginRequest, LoginResponse } from '../../../contract';
import type { AppDeps } from '../../app';
import { HttpError } from '../../lib/http-error';
import { burnVerification, verifyPassword } from './passwords';
import { findUser, markLogin } from './users';

const INVALID = 'Usuário ou senha inválidos.';

/** Username and password for a token; throttled per address and account, unknown users cost the same time. */
export async function login(
  deps: Pick<AppDeps, 'db' | 'tokens' | 'loginThrottle'>,
  ip: string,
  { username, password }: LoginRequest,
): Promise<LoginResponse> {
  const throttle = deps.loginThrottle;
  await throttle.check(ip, username);
  const user = await findUser(deps.db, username);
  const ok = user
    ? await verifyPassword(user.password_hash, password)
    : (await burnVerification(password), false);
  if (!user || !ok) {
    await throttle.recordFailure(ip, username);
    throw new HttpError(401, INVALID);
  }
  await throttle.recordSuccess(username);
  await markLogin(deps.db, user.id);
  return { access: await deps.tokens.issue(user.username), username: user.username };
}
