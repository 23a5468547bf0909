import { authEndpoints as e } from '../../contract';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';

/** The password that replays a failed login (for QA and the component tests). */
export const WRONG_PASSWORD = 'errada';

const [PREFIX, SUFFIX] = ['mock.', '.token'];

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

/** The token the mock login gives `username` (btoa, not Buffer: the same handler runs in the browser). */
export const mockToken = (username: string) =>
  `${PREFIX}${btoa(encodeURIComponent(username))}${SUFFIX}`;

export const authHandlers = [
  handle(e.login, ({ input: { body } }) => {
    if (body.password === WRONG_PASSWORD)
      return fail(401, recorded('token-401').response.body.detail);
    const access = mockToken(body.username);
    // Every mock user is an administrator with a full session; the screens of other roles set theirs per test.
    return ok(e.login, { access, username: body.username, papel: 'admin', escopo: 'completo' });
  }),
  handle(e.logout, () => ok(e.logout, null)),
];
