import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

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
  ])('refuses %o with a message naming the variable and the value', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toContain(name);
      expect((err as Error).message).toContain(JSON.stringify(Object.values(env)[0]));
    }
  });
});
