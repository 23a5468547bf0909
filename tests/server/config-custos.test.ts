import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { freePort, startServerProcess } from '../support/server-process';

/** CUSTOS_B3_PERCENTUAL: the B3 fees an MT5 order's operation records, in percent of the traded value (issue 29). */
describe('CUSTOS_B3_PERCENTUAL', () => {
  it('is 0.03 (percent) when unset or empty', () => {
    expect(loadConfig({}).custosB3Percentual).toBe('0.03');
    expect(loadConfig({ CUSTOS_B3_PERCENTUAL: '' }).custosB3Percentual).toBe('0.03');
  });

  it('takes a percentage from 0 to 1 with a decimal point, as exact text', () => {
    expect(loadConfig({ CUSTOS_B3_PERCENTUAL: '0' }).custosB3Percentual).toBe('0');
    expect(loadConfig({ CUSTOS_B3_PERCENTUAL: ' 0.0325 ' }).custosB3Percentual).toBe('0.0325');
    expect(loadConfig({ CUSTOS_B3_PERCENTUAL: '1' }).custosB3Percentual).toBe('1');
  });

  it.each(['0,03', '-0.03', '1.01', '3', '1e-2', 'três', '.03'])(
    'refuses %s with a Portuguese message naming the variable and the value',
    (value) => {
      expect(() => loadConfig({ CUSTOS_B3_PERCENTUAL: value })).toThrow(ConfigError);
      expect(() => loadConfig({ CUSTOS_B3_PERCENTUAL: value })).toThrow(
        `CUSTOS_B3_PERCENTUAL: deve ser um percentual de 0 a 1 com ponto decimal, ex.: 0.03 ` +
          `(0,03 % do valor negociado, o padrão) (got ${JSON.stringify(value)})`,
      );
    },
  );

  describe('a server started with a bad value', { timeout: 60_000 }, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'custos-b3-'));
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it('refuses to start and says why', async () => {
      const server = await startServerProcess(
        {
          DATA_DIR: dataDir,
          PORT: String(await freePort()),
          DATABASE_URL: '',
          CUSTOS_B3_PERCENTUAL: '0,03',
        },
        45_000,
      );
      // A server that started anyway is stopped first: no process outlives the test.
      if (server.started) server.child.kill('SIGTERM');
      const code = await server.closed;
      expect(server.started).toBe(false);
      expect(code).toBe(1);
      expect(server.output()).toContain('CUSTOS_B3_PERCENTUAL: deve ser um percentual de 0 a 1');
    });
  });
});
