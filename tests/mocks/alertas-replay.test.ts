// @vitest-environment jsdom
// The handlers' paths are relative, as the SPA calls them: they resolve against the page's address.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { takeContractViolations } from '../../mocks/contract';
import { handlers } from '../../mocks/handlers/index';
import { recorded } from '../../mocks/recorded';
import { seedFromRecordedFixtures } from '../../mocks/replay';

/**
 * The alerts in the QA replay (issue 31): what the recording's demo raised is what the bell and the Alertas page
 * show (the refusals the screens show come from their tests' scene, tests/src/msw-scenes-alertas.ts).
 */

const server = setupServer(...handlers);

beforeAll(() => {
  seedFromRecordedFixtures();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => expect(takeContractViolations()).toEqual([]));
afterAll(() => server.close());

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${location.origin}${API_BASE}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: res.status === 204 ? null : await res.json() };
}

describe('the alerts of the QA replay', () => {
  it('are the recorded ones: the notifications, their unread count, the alerts, the rules, the preferences', async () => {
    const notificacoes = recorded('notificacoes').response.body;
    expect((await api('GET', '/notificacoes/')).body).toEqual(notificacoes);
    expect((await api('GET', '/notificacoes/contagem/')).body).toEqual(
      recorded('notificacoes-contagem').response.body,
    );
    expect((await api('GET', '/alertas/')).body).toEqual(recorded('alertas').response.body);
    expect((await api('GET', '/alertas/regras/')).body).toEqual(
      recorded('alertas-regras').response.body,
    );
    expect((await api('GET', '/eu/preferencias/')).body).toEqual(
      recorded('preferencias').response.body,
    );
  });
});
