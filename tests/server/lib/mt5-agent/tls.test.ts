import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config';
import {
  Mt5AgentClient,
  Mt5HttpError,
  Mt5NetworkError,
  statusFromError,
  type Mt5AgentSettings,
} from '../../../../server/lib/mt5-agent';
import { Mt5Simulator } from '../../../../server/mt5-sim';
import { startPythonAgent, type PythonAgent } from '../../../support/python-agent';
import { makeTestPki, type TestPki } from '../../../support/tls';

/**
 * The server calling the Python agent started with --tls-cert/--tls-key, as configured by MT5_AGENT_TLS and
 * MT5_AGENT_CA_FILE: a throw-away CA signs the agent's certificate for 127.0.0.1.
 */
const TOKEN = 'token-do-agente-com-tls-0123456789';
let pki: TestPki;
let agent: PythonAgent;

beforeAll(async () => {
  pki = await makeTestPki('127.0.0.1');
  const ca = await readFile(pki.caFile);
  agent = await startPythonAgent({
    token: TOKEN,
    tls: { certFile: pki.certFile, keyFile: pki.keyFile, ca },
  });
}, 30_000);
afterAll(async () => {
  await agent?.stop();
  await pki?.remove();
});

/** The client the server builds from this environment, pointed at the agent (or at `over` another one). */
function clientFor(env: Record<string, string>, over: Partial<Mt5AgentSettings> = {}) {
  const { mt5 } = loadConfig(env);
  return new Mt5AgentClient('127.0.0.1', {
    ...mt5,
    agentPort: agent.port,
    agentToken: TOKEN,
    ...over,
  });
}

const WITH_CA = () => ({ MT5_AGENT_TLS: '1', MT5_AGENT_CA_FILE: pki.caFile });

describe('MT5_AGENT_TLS=1', () => {
  it('reads /health over https, the certificate checked against MT5_AGENT_CA_FILE', async () => {
    const client = clientFor(WITH_CA());
    expect(client.baseUrl).toBe(`https://127.0.0.1:${agent.port}`);
    expect(await client.health()).toMatchObject({ connected: true, trade_allowed: true });
    // The bearer token still goes with every call: the agent checks it behind TLS too.
    await expect(
      clientFor(WITH_CA(), { agentToken: 'outro-token' }).health(),
    ).rejects.toMatchObject({
      constructor: Mt5HttpError,
      status: 401,
    });
  });

  it('refuses the agent when its certificate does not chain to a trusted CA', async () => {
    // Without MT5_AGENT_CA_FILE only the system's CAs are trusted, and none of them signed this certificate.
    const err = await clientFor({ MT5_AGENT_TLS: '1' })
      .health()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Mt5NetworkError);
    expect(err).toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    expect(statusFromError(err)).toEqual({
      status: 'error',
      detail:
        'Certificado TLS do agente MT5 recusado (UNABLE_TO_VERIFY_LEAF_SIGNATURE): confira MT5_AGENT_CA_FILE',
    });
  });

  it('says so when the agent speaks plain HTTP', async () => {
    const sim = new Mt5Simulator({ token: TOKEN });
    const { port } = await sim.listen(0);
    try {
      const err = await clientFor(WITH_CA(), { agentPort: port })
        .health()
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ constructor: Mt5NetworkError, code: 'EPROTO' });
      expect(statusFromError(err).detail).toBe(
        'Falha de TLS com o agente MT5 (EPROTO): o agente foi iniciado com --tls-cert?',
      );
    } finally {
      await sim.close();
    }
  });
});

describe('MT5_AGENT_TLS=0 (the default)', () => {
  it('calls http:// and fails clearly at an agent that speaks only TLS', async () => {
    const client = clientFor({});
    expect(client.baseUrl).toBe(`http://127.0.0.1:${agent.port}`);
    const err = await client.health().catch((e: unknown) => e);
    expect(err).toMatchObject({ constructor: Mt5NetworkError, code: 'ECONNRESET' });
    expect(statusFromError(err).detail).toBe(
      'Conexão encerrada pelo agente MT5 sem resposta (ECONNRESET): se ele usa TLS (--tls-cert), ligue MT5_AGENT_TLS=1',
    );
  });
});
