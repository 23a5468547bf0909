import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 34, rough edge 18: `npm run dev:mock` starts without a warning from Vite (its config imported the base one
 * without an extension, which Vite's native config loader, its future default, warns about).
 */
const root = path.resolve(import.meta.dirname, '../..');

describe('npm run dev:mock', () => {
  it('starts with no warning', async () => {
    const vite = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/vite/bin/vite.js'),
        '--config',
        'mocks/vite.mock.config.ts',
        '--port',
        '0',
      ],
      { cwd: root, env: { ...process.env, NO_COLOR: '1' } },
    );
    let saida = '';
    const pronto = new Promise<void>((resolve, reject) => {
      const ler = (chunk: Buffer) => {
        saida += chunk.toString();
        if (/ready in/.test(saida)) resolve();
      };
      vite.stdout.on('data', ler);
      vite.stderr.on('data', ler);
      vite.on('exit', (code) => reject(new Error(`vite ended (${code}): ${saida}`)));
    });
    try {
      await pronto;
    } finally {
      vite.kill();
    }
    expect(saida).toContain('VITE');
    expect(saida).not.toMatch(/\(!\)|warning/i);
  }, 60_000);
});
