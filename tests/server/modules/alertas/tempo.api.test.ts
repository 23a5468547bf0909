import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Alerta, Notificacao } from '../../../../contract';
import { clientes } from '../../../../server/db/schema';
import { signalChange } from '../../../../server/lib/changes';
import { upsertUser } from '../../../../server/modules/auth/users';
import {
  notificacoesDe,
  readMessage,
  setEmail,
  startAlertasServer,
  startSmtp,
  type AlertasServer,
} from './support';

/**
 * Issue 31, the rules that wait: a terminal offline fires after 5 minutes continuously and says when it is back; a
 * leg in doubt fires after a minute, critical, again every 15 minutes, by e-mail to those who chose it (a local
 * SMTP server receives them); a snoozed alert says nothing until the snooze ends, then once. A fake clock moves the
 * minutes; the checks run every 30 s of it, as ALERTAS_SEGUNDOS would run them.
 */
describe('alerts that wait: terminals, orders in doubt, snoozes, e-mails', () => {
  let server: AlertasServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startAlertasServer({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        SMTP_FROM: 'Carteira RV <alertas@carteira.test>',
      },
    });
    await setEmail(server.database.db, 'operador', 'operador@carteira.test');
    // A second user who keeps the defaults but has no e-mail, and a third who wants doubts in the app only.
    await upsertUser(server.database.db, 'sem-email', 'senha-de-teste-456');
    await upsertUser(server.database.db, 'so-app', 'senha-de-teste-789');
    await setEmail(server.database.db, 'so-app', 'so-app@carteira.test');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const db = () => server.database.db;
  /** `seconds` of the fake clock, a check every 30 s. */
  async function pass(seconds: number) {
    for (let s = 0; s < seconds; s += 30) {
      server.clock.advance(30);
      await server.step();
    }
  }
  const novoCliente = async (nome: string) =>
    (await db().insert(clientes).values({ nome }).returning({ id: clientes.id }))[0]!.id;
  const setStatus = async (clienteId: number, status: string) => {
    await db().execute(
      sql`insert into mt5_status (cliente_id, chave, status, medido_em) values (${clienteId}, 'k', ${status}, now())
          on conflict (cliente_id) do update set status = excluded.status, medido_em = now()`,
    );
  };
  const doCliente = async (tipo: string, clienteId: number) =>
    (await notificacoesDe(server)).filter(
      (n) => n.tipo === tipo && n.assunto.cliente === clienteId,
    );

  it('a terminal offline for 4 minutes: none; for 6: one, and one "resolvido" when it is back', async () => {
    const breve = await novoCliente('Bia Breve');
    await setStatus(breve, 'offline');
    await server.step();
    await pass(240);
    await setStatus(breve, 'online');
    await pass(60);
    expect(await doCliente('terminal_offline', breve)).toEqual([]);

    const longo = await novoCliente('Caio Caído');
    await setStatus(longo, 'timeout');
    await server.step();
    await pass(360);
    const fora = await doCliente('terminal_offline', longo);
    expect(fora.map((n) => n.motivo)).toEqual(['disparo']);
    expect(fora[0]!.titulo).toBe('Terminal MT5 de Caio Caído fora do ar (sem resposta no tempo).');
    await setStatus(longo, 'online');
    await pass(30);
    const depois = await doCliente('terminal_offline', longo);
    expect(depois.map((n) => n.motivo)).toEqual(['resolvido', 'disparo']);
    expect(depois[0]!.titulo).toBe('Terminal MT5 de Caio Caído voltou a responder (online).');
  });

  it('is told of a status measured at once (the hook), not only at the next scheduled check', async () => {
    const cliente = await novoCliente('Davi Direto');
    await setStatus(cliente, 'error');
    server.clock.advance(600);
    // No check is run by the test: the measurement's signal runs one.
    signalChange(db(), { kind: 'status' });
    await vi.waitFor(async () => {
      const { body } = await server.api<Alerta[]>(
        `/api/alertas/?tipo=terminal_offline&cliente=${cliente}`,
      );
      expect(body.map((a) => a.estado)).toEqual(['pendente']);
    });
    await setStatus(cliente, 'online');
    await server.step();
  });

  async function pernaEmDuvida(nome: string) {
    const cliente = await novoCliente(nome);
    const group = crypto.randomUUID();
    await db().execute(
      sql`insert into order_groups (id, cliente_id, lado, ticker_base, execucao, state, created_by)
          values (${group}, ${cliente}, 'compra', 'PETR4', 'mercado', 'sent', 'operador')`,
    );
    await db().execute(
      sql`insert into order_legs (group_id, leg, symbol, volume, client_order_id, state, problema)
          values (${group}, 1, 'PETR4', 100, ${`${group}:1`}, 'unknown', 'o terminal não conhece o ticket')`,
    );
    return { cliente, group };
  }

  it('a leg unknown for 20 minutes: two e-mails, at 1 and at 16 minutes, to those who chose e-mail', async () => {
    const res = await server.api('/api/eu/preferencias/', {
      method: 'PUT',
      json: { canais: { ordem_em_duvida: 'app' } },
      token: await loginAs('so-app', 'senha-de-teste-789'),
    });
    expect(res.status).toBe(200);
    smtp.received.length = 0;
    const inicio = server.clock.t;
    const { cliente, group } = await pernaEmDuvida('Eli Em Dúvida');
    await server.step();
    const quando: number[] = [];
    for (let s = 0; s < 20 * 60; s += 30) {
      server.clock.advance(30);
      const antes = smtp.received.length;
      await server.step();
      if (smtp.received.length > antes) quando.push((server.clock.t - inicio) / 60_000);
    }
    expect(quando).toEqual([1, 16]);
    expect(smtp.received.map((m) => m.to)).toEqual([
      ['operador@carteira.test'],
      ['operador@carteira.test'],
    ]);
    const doOperador = await doCliente('ordem_em_duvida', cliente);
    expect(doOperador.map((n) => [n.motivo, n.critico, n.email])).toEqual([
      ['repeticao', true, 'enviado'],
      ['disparo', true, 'enviado'],
    ]);
    const [primeiro, segundo] = smtp.received.map((m) => readMessage(m.raw));
    expect(primeiro!.subject).toBe(
      '[Carteira RV] CRÍTICO: Ordem de compra de PETR4 (Eli Em Dúvida) em dúvida: situação desconhecida de ' +
        'PETR4 (o terminal não conhece o ticket).',
    );
    expect(primeiro!.text).toContain('Tipo: Ordem em dúvida (crítico)');
    expect(primeiro!.text).toContain('Quando: 02/03/2026');
    expect(primeiro!.text).toContain('Cliente: Eli Em Dúvida');
    expect(primeiro!.html).toContain('<strong>Ordem de compra de PETR4 (Eli Em Dúvida) em dúvida');
    expect(primeiro!.html).toContain('<html lang="pt-BR">');
    expect(segundo!.subject).toContain('CRÍTICO: Continua: Ordem de compra de PETR4');
    // In the app for everyone, by e-mail to none of the others (no address; chose the app only).
    const soApp = await server.api<Notificacao[]>('/api/notificacoes/', {
      token: await loginAs('so-app', 'senha-de-teste-789'),
    });
    expect(soApp.body.filter((n) => n.assunto.cliente === cliente).map((n) => n.email)).toEqual([
      null,
      null,
    ]);
    await db().execute(sql`update order_legs set state = 'filled' where group_id = ${group}`);
    await server.step();
  });

  async function loginAs(username: string, password: string) {
    const res = await fetch(`${server.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    return ((await res.json()) as { access: string }).access;
  }

  it('the SMTP server down for the first try: delivered after it returns; down for good: falhou, in the list', async () => {
    smtp.received.length = 0;
    smtp.down();
    const { cliente, group } = await pernaEmDuvida('Fia Falha');
    await server.step();
    await pass(60);
    expect(smtp.received).toHaveLength(0);
    let [n] = await doCliente('ordem_em_duvida', cliente);
    expect(n).toMatchObject({ email: 'pendente', email_tentativas: 1 });
    smtp.up();
    await pass(30);
    expect(smtp.received).toHaveLength(1);
    [n] = await doCliente('ordem_em_duvida', cliente);
    expect(n).toMatchObject({ email: 'enviado', email_tentativas: 2 });
    await db().execute(sql`update order_legs set state = 'filled' where group_id = ${group}`);

    smtp.down();
    const perdida = await pernaEmDuvida('Gil Greve');
    await server.step();
    await pass(14 * 60);
    [n] = await doCliente('ordem_em_duvida', perdida.cliente);
    expect(n).toMatchObject({ motivo: 'disparo', email: 'falhou', email_tentativas: 5 });
    smtp.up();
  });

  it('snoozed for 10 minutes while firing: nothing during, one after', async () => {
    const cliente = await novoCliente('Hugo Hiberna');
    await setStatus(cliente, 'offline');
    await server.step();
    await pass(330);
    expect(await doCliente('terminal_offline', cliente)).toHaveLength(1);
    const { body: alertas } = await server.api<Alerta[]>(
      `/api/alertas/?tipo=terminal_offline&cliente=${cliente}`,
    );
    const ate = new Date(server.clock.t + 10 * 60_000).toISOString();
    const adiado = await server.api<Alerta>(`/api/alertas/${alertas[0]!.id}/adiar/`, {
      method: 'POST',
      json: { ate },
    });
    expect(adiado.status).toBe(200);
    expect(adiado.body.adiado_ate).toBe(ate);
    await pass(570);
    expect(await doCliente('terminal_offline', cliente)).toHaveLength(1);
    await pass(60);
    const depois = await doCliente('terminal_offline', cliente);
    expect(depois.map((n) => n.motivo)).toEqual(['fim_adiamento', 'disparo']);
    await pass(600);
    expect(await doCliente('terminal_offline', cliente)).toHaveLength(2);
  });

  it('an acknowledged alert is not repeated, and still resolves', async () => {
    const { cliente, group } = await pernaEmDuvida('Iara Irresoluta');
    await server.step();
    await pass(60);
    const { body } = await server.api<Alerta[]>(
      `/api/alertas/?tipo=ordem_em_duvida&cliente=${cliente}`,
    );
    const reconhecido = await server.api<Alerta>(`/api/alertas/${body[0]!.id}/reconhecer/`, {
      method: 'POST',
    });
    expect(reconhecido.body).toMatchObject({ reconhecido: true, reconhecido_por: 'operador' });
    await pass(20 * 60);
    expect(await doCliente('ordem_em_duvida', cliente)).toHaveLength(1);
    await db().execute(sql`update order_legs set state = 'filled' where group_id = ${group}`);
    await pass(30);
    const { body: fim } = await server.api<Alerta[]>(
      `/api/alertas/?tipo=ordem_em_duvida&cliente=${cliente}`,
    );
    expect(fim[0]!.estado).toBe('resolvido');
  });
});
