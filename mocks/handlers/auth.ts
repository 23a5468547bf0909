import { authEndpoints as e } from '../../contract';
import { fail, handle, ok } from '../contract';

/** The password that replays a failed login (for QA and the component tests). */
export const WRONG_PASSWORD = 'errada';

const PREFIX = 'mock.';
const SUFFIX = '.token';

/** Who a request comes from: the name the mock login wrote into its token. */
export function mockUsername(request: Request): string {
  const token = request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';
  if (!token.startsWith(PREFIX) || !token.endsWith(SUFFIX)) return 'operador';
  try {
    return decodeURIComponent(atob(token.slice(PREFIX.length, -SUFFIX.length)));
  } catch {
    return 'operador';
  }
}

export const authHandlers = [
  handle(e.login, ({ input: { body } }) => {
    if (body.password === WRONG_PASSWORD) return fail(401, 'Usuário ou senha inválidos.');
    return ok(e.login, {
      // btoa, not Buffer: the same handler runs in the browser (npm run dev:mock).
      access: `${PREFIX}${btoa(encodeURIComponent(body.username))}${SUFFIX}`,
      username: body.username,
    });
  }),
  handle(e.logout, () => ok(e.logout, null)),
];
