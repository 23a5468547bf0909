import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { makeTestPki, type TestPki } from '../support/tls';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.quotesProvider).toBe('history');
    expect(config.mt5).toMatchObject({ agentPort: 8765, timeoutMs: 3000 });
    expect(config.demo).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', JWT_SECRET: '' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ QUOTES_PROVIDER: 'bloomberg' }, 'QUOTES_PROVIDER'],
    [{ MT5_TIMEOUT_MS: '-1' }, 'MT5_TIMEOUT_MS'],
    [{ DEMO: 'yes' }, 'DEMO'],
    [{ LOGIN_MAX_FAILURES_PER_ACCOUNT: '0' }, 'LOGIN_MAX_FAILURES_PER_ACCOUNT'],
    [{ LOGIN_MAX_FAILURES_PER_IP: 'muitas' }, 'LOGIN_MAX_FAILURES_PER_IP'],
    [{ LOGIN_LOCK_SECONDS: '901' }, 'LOGIN_LOCK_SECONDS'],
    [{ MT5_AGENT_NETWORKS: '10.20.0.0/33' }, 'MT5_AGENT_NETWORKS'],
    [{ MT5_AGENT_NETWORKS: 'rede-interna' }, 'MT5_AGENT_NETWORKS'],
    [{ MT5_TOKEN_KEY: 'curta' }, 'MT5_TOKEN_KEY'],
    [{ MT5_AGENT_TLS: 'sim' }, 'MT5_AGENT_TLS'],
    [{ MT5_AGENT_CA_FILE: '/nao/existe/ca.pem', MT5_AGENT_TLS: '1' }, 'MT5_AGENT_CA_FILE'],
    [{ MT5_AGENT_CA_FILE: 'package.json', MT5_AGENT_TLS: '1' }, 'MT5_AGENT_CA_FILE'],
  ])('refuses %o with a message naming the variable and the value', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toContain(name);
      expect((err as Error).message).toContain(JSON.stringify(Object.values(env)[0]));
    }
  });

  describe('outside demo mode, the MT5 agents', () => {
    const production = {
      DEMO: '0',
      MT5_AGENT_TOKEN: 'x'.repeat(32),
      MT5_AGENT_NETWORKS: '10.20.0.0/16, fd00::/8',
    };

    it("start with a token of 32 characters and the VMs' networks", () => {
      const config = loadConfig(production);
      expect(config.mt5.agentToken).toBe('x'.repeat(32));
      expect(config.mt5.networks.check('10.20.3.4', 'ipv4')).toBe(true);
      expect(config.mt5.networks.check('10.21.0.1', 'ipv4')).toBe(false);
      expect(config.mt5.networks.check('fd00::12', 'ipv6')).toBe(true);
    });

    it.each([
      [
        { MT5_AGENT_TOKEN: undefined },
        'MT5_AGENT_TOKEN: outside demo mode (DEMO=0) a token of at least 32',
      ],
      [{ MT5_AGENT_TOKEN: 'carteira-rv-dev-agent-token' }, 'MT5_AGENT_TOKEN'],
      [
        { MT5_AGENT_NETWORKS: undefined },
        "MT5_AGENT_NETWORKS: outside demo mode (DEMO=0) list the VMs' networks",
      ],
    ])('refuse to start without them: %o', (change, message) => {
      expect(() => loadConfig({ ...production, ...change })).toThrow(message);
    });

    it('in demo mode default to the simulators: loopback only, the development token', () => {
      const config = loadConfig({});
      expect(config.mt5.networksText).toBe('127.0.0.0/8');
      expect(config.mt5.networks.check('127.0.0.11', 'ipv4')).toBe(true);
      expect(config.mt5.networks.check('10.0.0.1', 'ipv4')).toBe(false);
    });
  });

  describe('TLS to the MT5 agents', () => {
    let pki: TestPki;
    beforeAll(async () => {
      pki = await makeTestPki();
    });
    afterAll(() => pki.remove());

    it('is off by default: plain HTTP', () => {
      expect(loadConfig({}).mt5.tls).toBeNull();
    });

    it('trusts the CA of MT5_AGENT_CA_FILE, or the system CAs without one', async () => {
      const config = loadConfig({ MT5_AGENT_TLS: '1', MT5_AGENT_CA_FILE: pki.caFile });
      expect(config.mt5.tls?.ca?.equals(await readFile(pki.caFile))).toBe(true);
      expect(loadConfig({ MT5_AGENT_TLS: '1' }).mt5.tls).toEqual({ ca: undefined });
    });

    it.each([
      ['/nao/existe/ca.pem', 'MT5_AGENT_CA_FILE: cannot read the file (ENOENT'],
      ['package.json', 'MT5_AGENT_CA_FILE: must be a PEM file with the certificate of a CA'],
    ])('stops the start on a CA file it cannot use: %s', (file, message) => {
      expect(() => loadConfig({ MT5_AGENT_TLS: '1', MT5_AGENT_CA_FILE: file })).toThrow(message);
    });

    it('refuses a CA file while the agents are called over plain HTTP', () => {
      expect(() => loadConfig({ MT5_AGENT_CA_FILE: pki.caFile })).toThrow(
        'MT5_AGENT_CA_FILE: is used only with MT5_AGENT_TLS=1',
      );
    });
  });
});
