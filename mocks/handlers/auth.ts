import { http, HttpResponse } from 'msw';
import {
  LoginRequestSchema,
  type ApiError,
  type LoginRequest,
  type LoginResponse,
} from '../../contract';

/** The password that replays a failed login (for QA and the component tests). */
export const WRONG_PASSWORD = 'errada';

export const authHandlers = [
  http.post<never, LoginRequest, LoginResponse | ApiError>('/api/token/', async ({ request }) => {
    const body = LoginRequestSchema.safeParse(await request.json().catch(() => null));
    if (!body.success || body.data.password === WRONG_PASSWORD) {
      return HttpResponse.json({ detail: 'Usuário ou senha inválidos.' }, { status: 401 });
    }
    return HttpResponse.json({
      // btoa, not Buffer: the same handler runs in the browser (npm run dev:mock).
      access: `mock.${btoa(encodeURIComponent(body.data.username))}.token`,
      username: body.data.username,
    });
  }),
];
