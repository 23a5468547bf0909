import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClienteStatus } from '../../../../contract';
import { auditLog, clientes } from '../../../../server/db/schema';
import { startTestServer, type TestServer } from '../../../support/test-server';
import { startFleet, type SimFleet } from '../../mt5-sim/fleet';

/**
 * Issue 12, item 3: the agent token goes only to the VMs' networks, and a client may have a token of its own,
 * sealed in the database and never answered.
 */
const OWN_TOKEN = 'token-proprio-da-vm-da-ana-0123456789';

describe('MT5 agent tokens and networks', () => {
  let fleet: SimFleet;
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    fleet = await startFleet(['online']);
    server = await startTestServer({
      MT5_AGENT_PORT: String(fleet.port),
      MT5_AGENT_TOKEN: fleet.token,
      MT5_TIMEOUT_MS: '1000',
      MT5_AGENT_NETWORKS: '127.0.0.0/8',
    });
    token = await server.login();
  });
  afterAll(async () => {
    await server?.close();
    await fleet?.close();
  });

  const save = (json: unknown, id?: number) =>
    server.request(id ? `/api/clientes/${id}/` : '/api/clientes/', {
      method: id ? 'PUT' : 'POST',
      token,
      json,
    });

  it('refuses, on the client form, an address outside MT5_AGENT_NETWORKS, and saves nothing', async () => {
    const before = await server.database.db.select().from(clientes);
    const res = await save({ nome: 'Fora', vm_private_ip: '10.20.0.11' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'Campo vm_private_ip: O IP deve estar numa das redes dos agentes MT5 (127.0.0.0/8).',
      campos: { vm_private_ip: 'O IP deve estar numa das redes dos agentes MT5 (127.0.0.0/8).' },
    });
    // A public address beside a private one is only shown: the server calls the private one.
    const ok = await save({ nome: 'Dentro', vm_ip: '203.0.113.9', vm_private_ip: '127.0.0.9' });
    expect(ok.status).toBe(201);
    expect(await server.database.db.select().from(clientes)).toHaveLength(before.length + 1);
  });

  it("keeps a client's own token sealed, never answers it, and calls its agent with it", async () => {
    fleet.sims[0]!.setToken(OWN_TOKEN);
    const created = await save({
      nome: 'Ana',
      vm_private_ip: fleet.hosts[0],
      mt5_token: OWN_TOKEN,
    });
    expect(created.status).toBe(201);
    const cliente = (await created.json()) as Record<string, unknown>;
    expect(cliente.mt5_token_proprio).toBe(true);
    expect(JSON.stringify(cliente)).not.toContain(OWN_TOKEN);

    const [row] = await server.database.db
      .select()
      .from(clientes)
      .where(eq(clientes.id, cliente.id as number));
    expect(row!.mt5_token).toMatch(/^v1:/);
    expect(row!.mt5_token).not.toContain(OWN_TOKEN);
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(cliente.id)));
    expect(JSON.stringify(audited)).not.toContain(OWN_TOKEN);
    expect(audited[0]!.after).toMatchObject({ mt5_token: 'definido' });

    const statusOf = async () =>
      (
        (await (await server.request('/api/clientes-status/', { token })).json()) as ClienteStatus[]
      ).find((s) => s.id === cliente.id);
    // The status is measured in the background: asked again until it is there.
    await expect.poll(statusOf, { timeout: 10_000 }).toMatchObject({ status: 'online' });

    // Without its own token the shared one is sent, which this VM refuses.
    const { mt5_token_proprio: _flag, id: _id, ...fields } = cliente;
    const removed = await save({ ...fields, mt5_token: null }, cliente.id as number);
    expect(((await removed.json()) as Record<string, unknown>).mt5_token_proprio).toBe(false);
    // Another token is another measurement, at once.
    await expect.poll(statusOf, { timeout: 10_000 }).toMatchObject({
      status: 'error',
      detail: 'Token recusado pelo agente MT5 (HTTP 401)',
    });
  });

  it('refuses a token too short, naming the field', async () => {
    const res = await save({ nome: 'Bruno', vm_private_ip: '127.0.0.9', mt5_token: 'curto' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { campos: Record<string, string> }).campos).toEqual({
      mt5_token: 'O token do agente MT5 deve ter ao menos 32 caracteres.',
    });
  });

  it('never calls a stored address that falls outside the networks, and says why', async () => {
    const [fora] = await server.database.db
      .insert(clientes)
      .values({ nome: 'Antiga', vm_private_ip: '10.9.9.9' })
      .returning({ id: clientes.id });
    const statusOf = async () =>
      (
        (await (await server.request('/api/clientes-status/', { token })).json()) as ClienteStatus[]
      ).find((s) => s.id === fora!.id);
    await expect.poll(statusOf, { timeout: 10_000 }).toEqual({
      id: fora!.id,
      status: 'error',
      ping: null,
      detail: 'IP da VM fora das redes permitidas para agentes MT5 (MT5_AGENT_NETWORKS)',
      medido_em: expect.any(String),
    });
  });
});
