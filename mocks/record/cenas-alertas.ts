import { endpoints, type Alerta } from '../../contract';
import { NENHUM } from './cenas-cadastro';
import type { Recorder } from './recorder';

const e = endpoints.alertas;

/** The alerts' list until `ok` holds: the checks run in the background, a moment after the call that asked. */
async function aguardar(r: Recorder, ok: (alertas: Alerta[]) => boolean): Promise<Alerta[]> {
  for (let i = 0; i < 100; i++) {
    const alertas = await r.send(e.list, { query: { tipo: 'preco' } });
    if (ok(alertas)) return alertas;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the price rule did not fire');
}

/**
 * Alerts (issue 31): a price rule below a quoted stock's quote fires at once (the check its creation asks for), then the
 * list, acknowledge, snooze, the notifications (count, read), re-arm, delete and the preferences, each with the
 * errors a demo can produce: a duplicate rule, an unknown stock, a snooze in the past or of a resolved alert, a
 * rule armed already, unknown ids.
 */
export async function gravarAlertas(r: Recorder, ticker: string) {
  await r.record('alertas-regras-create-400', {
    body: { ticker: 'XXXX3', direcao: 'acima', nivel: 10 },
  });
  const regra = await r.record('alertas-regras-create', {
    body: { ticker, direcao: 'acima', nivel: 1 },
  });
  await r.record('alertas-regras-create-409', {
    body: { ticker, direcao: 'acima', nivel: 1 },
  });
  const armada = await r.send(e.createRegra, {
    body: { ticker, direcao: 'abaixo', nivel: 1 },
  });
  await r.record('alertas-regras-rearmar-409', { params: { id: armada.id } });
  const [alerta] = await aguardar(r, (a) => a.some((x) => x.assunto.regra === regra.id));
  await r.record('alertas', { query: {} });
  await r.record('alertas-400', { query: { estado: 'aberto' } as never });
  await r.record('alertas-reconhecer', { params: { id: alerta!.id } });
  await r.record('alertas-reconhecer-404', { params: { id: NENHUM } });
  const ate = new Date(Date.now() + 3_600_000).toISOString();
  await r.record('alertas-adiar', { params: { id: alerta!.id }, body: { ate } });
  await r.record('alertas-adiar-400', {
    params: { id: alerta!.id },
    body: { ate: '2020-01-01T00:00:00Z' },
  });
  await r.record('alertas-adiar-404', { params: { id: NENHUM }, body: { ate } });

  await r.record('notificacoes-contagem', {});
  const notificacoes = await r.record('notificacoes', { query: {} });
  await r.record('notificacoes-400', { query: { nao_lidas: 'talvez' } as never });
  await r.record('notificacoes-lidas', {
    body: { ids: notificacoes.slice(0, 1).map((n) => n.id) },
  });
  await r.record('notificacoes-lidas-400', { body: { ids: ['x'] } as never });

  await r.record('alertas-regras-rearmar', { params: { id: regra.id } });
  await r.record('alertas-regras-rearmar-404', { params: { id: NENHUM } });
  // Armed again, the rule's fired alert is over: it cannot be snoozed.
  await r.record('alertas-adiar-409', { params: { id: alerta!.id }, body: { ate } });
  await r.record('alertas-regras', {});
  await r.record('alertas-regras-delete', { params: { id: armada.id } });
  await r.record('alertas-regras-delete-404', { params: { id: NENHUM } });

  await r.record('preferencias', {});
  await r.record('preferencias-update', {
    body: { email: 'qa@carteira.test', canais: { alvo: 'app_email' } },
  });
  await r.record('preferencias-update-400', { body: { email: 'sem-arroba' } });
}
