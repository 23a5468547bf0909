// @vitest-environment jsdom
// The handlers' paths are relative, as the SPA calls them: they resolve against the page's address.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { takeContractViolations } from '../../mocks/contract';
import { seedAlertasMock } from '../../mocks/handlers/alertas';
import { handlers } from '../../mocks/handlers/index';
import { recorded } from '../../mocks/recorded';
import { seedFromRecordedFixtures } from '../../mocks/replay';

/**
 * The alerts in the QA replay (issue 31): what the recording's demo raised is what the bell and the Alertas page
 * show, and the mock refuses as the server did (the recorded 409 of a duplicate rule, 400 of a past snooze, 404s).
 */

const server = setupServer(...handlers);

beforeAll(() => {
  seedFromRecordedFixtures();
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => expect(takeContractViolations()).toEqual([]));
afterAll(() => {
  seedAlertasMock({});
  server.close();
});

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
    expect((await api('GET', '/notificacoes/contagem/')).body).toEqual({
      nao_lidas: notificacoes.filter((n) => !n.lida).length,
    });
    expect((await api('GET', '/alertas/')).body).toEqual(recorded('alertas').response.body);
    expect((await api('GET', '/alertas/regras/')).body).toEqual(
      recorded('alertas-regras').response.body,
    );
    expect((await api('GET', '/eu/preferencias/')).body).toEqual(
      recorded('preferencias').response.body,
    );
  });

  it('refuse as the server did', async () => {
    const regra = recorded('alertas-regras-create-409').request.body;
    expect(await api('POST', '/alertas/regras/', regra)).toEqual({
      status: 409,
      body: recorded('alertas-regras-create-409').response.body,
    });
    const alerta = recorded('alertas').response.body.find((a) => a.estado !== 'resolvido')!;
    expect(
      await api('POST', `/alertas/${alerta.id}/adiar/`, recorded('alertas-adiar-400').request.body),
    ).toEqual({ status: 400, body: recorded('alertas-adiar-400').response.body });
    expect(await api('POST', '/alertas/999999/reconhecer/')).toEqual({
      status: 404,
      body: recorded('alertas-reconhecer-404').response.body,
    });
    expect(await api('DELETE', '/alertas/regras/999999/')).toEqual({
      status: 404,
      body: recorded('alertas-regras-delete-404').response.body,
    });
  });
});
