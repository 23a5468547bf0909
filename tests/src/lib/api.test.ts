import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../mocks/node';
import { api, ApiRequestError } from '../../../src/lib/api';
import { session } from '../../../src/lib/session';

describe('the API client', () => {
  it('sends the bearer token when logged in', async () => {
    let auth: string | null = null;
    server.use(
      http.get('/api/eco/', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ ok: true });
      }),
    );
    session.login({ access: 'abc', username: 'ana' });
    await api.get('eco/');
    expect(auth).toBe('Bearer abc');
  });

  it("turns a failure into 'Erro {status}: {statusText}' followed by the server's detail", async () => {
    server.use(
      http.get('/api/falha/', () =>
        HttpResponse.json(
          { detail: 'Cliente possui posições abertas.' },
          { status: 409, statusText: 'Conflict' },
        ),
      ),
    );
    const error = await api.get('falha/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as Error).message).toBe('Erro 409: Conflict — Cliente possui posições abertas.');
  });

  it('uses the plain message when the server sends no detail', async () => {
    server.use(
      http.get(
        '/api/falha/',
        () => new HttpResponse('oops', { status: 502, statusText: 'Bad Gateway' }),
      ),
    );
    const error = await api.get('falha/').catch((e: unknown) => e);
    expect((error as Error).message).toBe('Erro 502: Bad Gateway');
  });

  it('logs out on a 401 from any call', async () => {
    server.use(
      http.get('/api/clientes/', () => HttpResponse.json({ detail: 'x' }, { status: 401 })),
    );
    session.login({ access: 'expired', username: 'ana' });
    await api.get('clientes/').catch(() => undefined);
    expect(session.get()).toBeNull();
    expect(localStorage.getItem('access')).toBeNull();
  });
});
