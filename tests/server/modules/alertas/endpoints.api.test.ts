import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alerta, Notificacao, Preferencias } from '../../../../contract';
import { acoes, clientes, eventosCorporativos, operacoes } from '../../../../server/db/schema';
import { upsertUser } from '../../../../server/modules/auth/users';
import { startFleet, type SimFleet } from '../../mt5-sim/fleet';
import {
  notificacoesDe,
  seedOperacao,
  setQuote,
  startAlertasServer,
  type AlertasServer,
} from './support';

/**
 * Issue 31: the notifications (count, list, read), the list's filters, acknowledging and snoozing's refusals, the
 * preferences (e-mail off without SMTP_URL), ex-dates two business days before and on the day, and a
 * reconciliation's new divergences told once.
 */
describe('alerts: endpoints, ex-dates and divergences', () => {
  let server: AlertasServer;
  let fleet: SimFleet;
  beforeAll(async () => {
    fleet = await startFleet(['online']);
    server = await startAlertasServer({
      env: {
        MT5_AGENT_PORT: String(fleet.port),
        MT5_AGENT_TOKEN: fleet.token,
        MT5_TIMEOUT_MS: '1000',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fleet?.close();
  });
  const db = () => server.database.db;

  it("an operation's valor_stop is validated as valor_alvo, stored, sent and cleared", async () => {
    const { acaoId, clienteId } = await seedOperacao(db(), { ticker: 'BBDC4', nome: 'Stela Stop' });
    const base = {
      cliente: clienteId,
      acao: acaoId,
      data_compra: '2026-01-05',
      preco_unitario: 15,
      quantidade: 10,
    };
    const ruim = await server.api<{ campos: Record<string, string> }>('/api/operacoes/', {
      method: 'POST',
      json: { ...base, valor_stop: -1 },
    });
    expect(ruim.status).toBe(400);
    expect(ruim.body.campos).toEqual({ valor_stop: 'Informe um valor maior que zero.' });
    const criada = await server.api<{ id: number; valor_stop: number | null }>('/api/operacoes/', {
      method: 'POST',
      json: { ...base, valor_stop: 13.5 },
    });
    expect(criada.status).toBe(201);
    expect(criada.body.valor_stop).toBe(13.5);
    const casas = await server.api(`/api/operacoes/${criada.body.id}/`, {
      method: 'PATCH',
      json: { valor_stop: 13.12345 },
    });
    expect(casas.status).toBe(400);
    const semStop = await server.api<{ valor_stop: number | null }>(
      `/api/operacoes/${criada.body.id}/`,
      {
        method: 'PATCH',
        json: { valor_stop: null },
      },
    );
    expect(semStop.body.valor_stop).toBeNull();
    const lista = await server.api<Array<{ id: number; valor_stop: number | null }>>(
      `/api/operacoes/?cliente=${clienteId}`,
    );
    expect(lista.body.find((o) => o.id === criada.body.id)?.valor_stop).toBeNull();
    await db()
      .delete(operacoes)
      .where(sql`${operacoes.cliente_id} = ${clienteId}`);
  });

  it('counts, lists and marks the notifications read, each user their own', async () => {
    const { acaoId } = await seedOperacao(db(), { ticker: 'PETR4', alvo: '10.00' });
    await seedOperacao(db(), { ticker: 'PETR4', alvo: '10.50', nome: 'Beto Alvo' });
    await setQuote(db(), acaoId, '11.00');
    await server.step();
    expect((await server.api('/api/notificacoes/contagem/')).body).toEqual({ nao_lidas: 2 });
    const todas = await notificacoesDe(server);
    // Fired in the same check: both there, newest first (their order within one check is not promised).
    expect(todas.map((n) => n.assunto.cliente_nome).sort()).toEqual(['Ana Alvo', 'Beto Alvo']);
    expect(todas[0]!.id).toBeGreaterThan(todas[1]!.id);

    const marcou = await server.api('/api/notificacoes/lidas/', {
      method: 'POST',
      json: { ids: [todas[1]!.id, 999_999] },
    });
    expect(marcou.body).toEqual({ marcadas: 1, nao_lidas: 1 });
    const naoLidas = await server.api<Notificacao[]>('/api/notificacoes/?nao_lidas=true');
    expect(naoLidas.body.map((n) => n.id)).toEqual([todas[0]!.id]);

    // Another user has their own copies: marking all read here leaves theirs unread.
    await upsertUser(db(), 'outra', 'senha-de-teste-000');
    const res = await fetch(`${server.url}/api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'outra', password: 'senha-de-teste-000' }),
    });
    const outra = ((await res.json()) as { access: string }).access;
    expect(
      (await server.api('/api/notificacoes/lidas/', { method: 'POST', json: {} })).body,
    ).toEqual({
      marcadas: 1,
      nao_lidas: 0,
    });
    // A user created after the firing was not told of it.
    expect((await server.api('/api/notificacoes/contagem/', { token: outra })).body).toEqual({
      nao_lidas: 0,
    });
    const bad = await server.api<{ campos: Record<string, string> }>('/api/notificacoes/lidas/', {
      method: 'POST',
      json: { ids: ['x'] },
    });
    expect(bad.status).toBe(400);
  });

  it('filters the alerts, refuses a snooze in the past, of a resolved alert, or of none', async () => {
    const { body: alvos } = await server.api<Alerta[]>('/api/alertas/?tipo=alvo&estado=disparado');
    expect(alvos).toHaveLength(2);
    const cliente = alvos[0]!.assunto.cliente!;
    const doCliente = await server.api<Alerta[]>(`/api/alertas/?cliente=${cliente}&tipo=&estado=`);
    expect(doCliente.body.map((a) => a.id)).toEqual([alvos[0]!.id]);
    expect((await server.api('/api/alertas/?estado=aberto')).status).toBe(400);
    expect((await server.api('/api/alertas/?tipo=outro')).status).toBe(400);

    const id = alvos[0]!.id;
    const now = server.clock.t;
    const passado = await server.api<{ campos: Record<string, string> }>(
      `/api/alertas/${id}/adiar/`,
      {
        method: 'POST',
        json: { ate: new Date(now - 1000).toISOString() },
      },
    );
    expect(passado.status).toBe(400);
    expect(passado.body.campos).toEqual({ ate: 'Informe um momento no futuro.' });
    const longe = await server.api(`/api/alertas/${id}/adiar/`, {
      method: 'POST',
      json: { ate: new Date(now + 31 * 86_400_000).toISOString() },
    });
    expect(longe.status).toBe(400);
    expect(
      (
        await server.api('/api/alertas/999999/adiar/', {
          method: 'POST',
          json: { ate: new Date(now + 60_000).toISOString() },
        })
      ).status,
    ).toBe(404);
    expect((await server.api('/api/alertas/999999/reconhecer/', { method: 'POST' })).status).toBe(
      404,
    );
    const { body: antes } = await server.api<Alerta[]>(`/api/alertas/?cliente=${cliente}`);
    expect(antes[0]!.adiado_ate).toBeNull();

    await db()
      .update(operacoes)
      .set({ data_venda: '2026-03-02' })
      .where(sql`${operacoes.cliente_id} = ${cliente}`);
    await server.step();
    const resolvido = await server.api<{ detail: string }>(`/api/alertas/${id}/adiar/`, {
      method: 'POST',
      json: { ate: new Date(now + 60_000).toISOString() },
    });
    expect(resolvido.status).toBe(409);
    expect(resolvido.body.detail).toBe('O alerta já foi resolvido: não há o que adiar.');
  });

  it('says e-mail is off without SMTP_URL, with the defaults, and keeps the choices made', async () => {
    const inicial = await server.api<Preferencias>('/api/eu/preferencias/');
    expect(inicial.body).toEqual({
      email: null,
      email_ativo: false,
      canais: {
        alvo: 'app',
        stop: 'app',
        preco: 'app',
        data_ex: 'app',
        terminal_offline: 'app_email',
        ordem_em_duvida: 'app_email',
        divergencia: 'app',
      },
    });
    const mudou = await server.api<Preferencias>('/api/eu/preferencias/', {
      method: 'PUT',
      json: { email: ' eu@carteira.test ', canais: { alvo: 'app_email', ordem_em_duvida: 'app' } },
    });
    expect(mudou.body).toMatchObject({
      email: 'eu@carteira.test',
      canais: { alvo: 'app_email', ordem_em_duvida: 'app', terminal_offline: 'app_email' },
    });
    const ruim = await server.api<{ campos: Record<string, string> }>('/api/eu/preferencias/', {
      method: 'PUT',
      json: { email: 'sem-arroba', canais: { alvo: 'sms' } },
    });
    expect(ruim.status).toBe(400);
    expect(ruim.body.campos).toMatchObject({ email: 'Digite um email válido' });
    expect((await server.api<Preferencias>('/api/eu/preferencias/')).body).toEqual(mudou.body);
  });

  it('an ex-date two business days before and on the day, once each, for a stock someone holds', async () => {
    const [vale] = await db().insert(acoes).values({ ticker: 'VALE3' }).returning({ id: acoes.id });
    const [cliente] = await db()
      .insert(clientes)
      .values({ nome: 'Cora Cota' })
      .returning({ id: clientes.id });
    await db().insert(operacoes).values({
      cliente_id: cliente!.id,
      acao_id: vale!.id,
      data_compra: '2026-01-05',
      preco_unitario: '60',
      quantidade: 100,
    });
    // Friday 6 March: two business days before is Wednesday 4 March.
    const [evento] = await db()
      .insert(eventosCorporativos)
      .values({
        acao_id: vale!.id,
        tipo: 'dividendo',
        data_ex: '2026-03-06',
        valor_por_acao: '1.5',
        fonte: 'manual',
      })
      .returning({ id: eventosCorporativos.id });
    const doEvento = async () =>
      (await notificacoesDe(server)).filter((n) => n.assunto.evento === evento!.id);
    server.clock.t = new Date('2026-03-03T15:00:00Z').getTime();
    await server.step();
    expect(await doEvento()).toEqual([]);
    for (const dia of ['2026-03-04T12:00:00Z', '2026-03-04T18:00:00Z', '2026-03-05T12:00:00Z']) {
      server.clock.t = new Date(dia).getTime();
      await server.step();
    }
    expect((await doEvento()).map((n) => n.titulo)).toEqual([
      'Data ex em 06/03/2026: Dividendo de VALE3 (1 cliente tem a ação).',
    ]);
    for (const dia of ['2026-03-06T12:00:00Z', '2026-03-06T19:00:00Z', '2026-03-09T12:00:00Z']) {
      server.clock.t = new Date(dia).getTime();
      await server.step();
    }
    expect((await doEvento()).map((n) => n.titulo)).toEqual([
      'Hoje é a data ex: Dividendo de VALE3 (1 cliente tem a ação).',
      'Data ex em 06/03/2026: Dividendo de VALE3 (1 cliente tem a ação).',
    ]);
    const { body } = await server.api<Alerta[]>('/api/alertas/?tipo=data_ex');
    expect(body.map((a) => a.estado)).toEqual(['resolvido', 'resolvido']);
  });

  it("a reconciliation's new divergence is told once; a changed one again", async () => {
    const [itub] = await db().insert(acoes).values({ ticker: 'ITUB4' }).returning({ id: acoes.id });
    const [cliente] = await db()
      .insert(clientes)
      .values({ nome: 'Duda Diverge', vm_private_ip: fleet.hosts[0] })
      .returning({ id: clientes.id });
    await db().insert(operacoes).values({
      cliente_id: cliente!.id,
      acao_id: itub!.id,
      data_compra: '2026-01-05',
      preco_unitario: '30',
      quantidade: 100,
    });
    const divergencias = async () =>
      (await notificacoesDe(server)).filter(
        (n) => n.tipo === 'divergencia' && n.assunto.cliente === cliente!.id,
      );
    const reconcile = async () => {
      const res = await server.api(`/api/clientes/${cliente!.id}/conciliacao/`);
      expect(res.status).toBe(200);
      await server.app.deps.vigia.settled();
    };
    await reconcile();
    await reconcile();
    expect((await divergencias()).map((n) => n.titulo)).toEqual([
      'Divergência na conciliação de Duda Diverge: ITUB4 só no livro (livro 100, terminal —, custódia —).',
    ]);
    await db()
      .update(operacoes)
      .set({ quantidade: 200 })
      .where(sql`${operacoes.cliente_id} = ${cliente!.id}`);
    await reconcile();
    expect(await divergencias()).toHaveLength(2);
    const { body } = await server.api<Alerta[]>(
      `/api/alertas/?tipo=divergencia&cliente=${cliente!.id}`,
    );
    expect(body.map((a) => a.estado)).toEqual(['disparado', 'resolvido']);
  });
});
