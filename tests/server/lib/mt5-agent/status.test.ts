import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkAllStatuses,
  checkStatus,
  type StatusCheckSettings,
} from '../../../../server/lib/mt5-agent';
import { startFleet, trackAgentCalls, type SimFleet } from '../../mt5-sim/fleet';

let fleet: SimFleet;
let settings: StatusCheckSettings;
const behaviours = [
  'online',
  'no-autotrading',
  'disconnected',
  'slow',
  'error',
  'malformed',
] as const;
beforeAll(async () => {
  fleet = await startFleet([...behaviours]);
  settings = {
    agentPort: fleet.port,
    agentToken: fleet.token,
    // Long enough for a loaded machine's live answers; the slow simulator never answers anyway.
    timeoutMs: 1_000,
    statusConcurrency: 8,
  };
});
afterAll(() => fleet.close());

const at = (host: string | null) => ({ vm_private_ip: host, vm_ip: null });

describe('checkStatus', () => {
  it('maps every simulator behaviour, a closed port and a missing IP', async () => {
    const results = await Promise.all([
      ...fleet.hosts.map((h) => checkStatus(at(h), settings)),
      checkStatus(at(fleet.deadHost), settings),
      checkStatus({ vm_private_ip: null, vm_ip: null }, settings),
    ]);
    expect(results.map((r) => [r.status, r.detail])).toEqual([
      ['online', null],
      ['warning', 'AutoTrading desativado'],
      ['warning', 'Terminal desconectado da corretora'],
      ['timeout', 'Sem resposta em 1000 ms'],
      ['error', 'Agente MT5 respondeu HTTP 500: Falha simulada do terminal MT5'],
      ['error', 'Resposta inválida do agente MT5'],
      ['offline', 'Conexão recusada pelo agente MT5'],
      ['missing_ip', 'Cliente sem IP de VM'],
    ]);
    // A ping is a measured round trip: only where the agent answered.
    const pings = results.map((r) => r.ping);
    for (const i of [0, 1, 2, 4, 5]) {
      expect(pings[i]).toEqual(expect.any(Number));
      expect(pings[i]).toBeLessThan(1_000);
    }
    expect([pings[3], pings[6], pings[7]]).toEqual([null, null, null]);
  });

  it('says when the token is refused', async () => {
    const result = await checkStatus(at(fleet.hosts[0]!), { ...settings, agentToken: 'outro' });
    expect(result).toMatchObject({
      status: 'error',
      detail: 'Token recusado pelo agente MT5 (HTTP 401)',
    });
  });
});

describe('checkAllStatuses', () => {
  it('keeps the order and ids of the clients', async () => {
    const targets = [
      { id: 7, ...at(fleet.hosts[0]!) },
      { id: 3, ...at(null) },
      { id: 9, ...at(fleet.hosts[1]!) },
    ];
    const results = await checkAllStatuses(targets, settings);
    expect(results.map((r) => [r.id, r.status])).toEqual([
      [7, 'online'],
      [3, 'missing_ip'],
      [9, 'warning'],
    ]);
  });

  it('asks at most statusConcurrency agents at once and answers 200 hung VMs in about one timeout', async () => {
    const targets = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, ...at(fleet.hosts[3]!) }));
    // 200 clients over 40 slots share the 1 s budget: 5 rounds of 250 ms. Each call's 250 ms and the 40 at once
    // make the whole about one timeout whatever the machine's load (npm run bench -- mt5 times it).
    const bounded = { ...settings, timeoutMs: 1_000, statusConcurrency: 40 };
    const calls = trackAgentCalls(fleet.port);
    const started = performance.now();
    const results = await checkAllStatuses(targets, bounded).finally(calls.restore);
    // A timeout never fires early, however busy the machine.
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(
      results.every((r) => r.status === 'timeout' && r.detail === 'Sem resposta em 250 ms'),
    ).toBe(true);
    expect(calls.counter.total).toBe(200);
    expect(calls.counter.max).toBe(bounded.statusConcurrency);
  });

  it('goes through many live agents with the same bound', async () => {
    const targets = Array.from({ length: 120 }, (_, i) => ({
      id: i + 1,
      ...at(fleet.hosts[i % 2 === 0 ? 0 : 1]!),
    }));
    // A generous budget: this checks the bound and the answers, not the machine's speed.
    const calls = trackAgentCalls(fleet.port);
    const results = await checkAllStatuses(targets, { ...settings, timeoutMs: 10_000 }).finally(
      calls.restore,
    );
    expect(results.filter((r) => r.status === 'online')).toHaveLength(60);
    expect(results.filter((r) => r.status === 'warning')).toHaveLength(60);
    expect(calls.counter.total).toBe(120);
    expect(calls.counter.max).toBeLessThanOrEqual(settings.statusConcurrency);
  }, 15_000);
});
