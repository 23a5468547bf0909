import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The MT5 agent's linter and type checker (`npm run test:agent`), proved on bad Python written to a temporary
 * folder outside agent/ (a run of test:agent at the same time never sees it), with agent/pyproject.toml's
 * settings.
 */
const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crv-agent-tooling-'));

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(name: string, code: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, code);
  return file;
}

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: result.stdout + result.stderr };
}

const lint = (file: string) => run(process.execPath, ['agent/tools/lint.mjs', file]);
const typecheck = (...files: string[]) =>
  run(process.execPath, ['node_modules/pyright/index.js', '-p', 'agent', ...files]);

const header = 'from __future__ import annotations\n\n';
const clean = `${header}\ndef add(a: int, b: int) -> int:\n    return a + b\n`;

describe('the agent tooling', { timeout: 60_000 }, () => {
  it('passes clean code', () => {
    const file = write('clean.py', clean);
    expect(lint(file)).toMatchObject({ status: 0, output: '' });
  });

  it('lints with the rules and the line length of pyproject.toml', () => {
    const long = `x = "${'a'.repeat(120)}"\n`;
    const fits = `y = "${'b'.repeat(100)}"\n`;
    const file = write(
      'lint.py',
      `${header}import os\nfrom typing import List\n\nz: List[int] = []\n${long}${fits}`,
    );
    const { status, output } = lint(file);
    expect(status).toBe(1);
    expect(output).toMatch(/lint\.py:3:8: F401 `os` imported but unused/);
    // py39: list[int] is fine at run time, so typing.List is not.
    expect(output).toMatch(/lint\.py:6:4: UP006/);
    // 120 characters a line: the 126-character line is too long, the 106-character one is not.
    expect(output).toMatch(/lint\.py:7:121: E501/);
    expect(output).not.toMatch(/lint\.py:8:/);
  });

  it("checks Ruff's formatting", () => {
    const file = write('format.py', clean.replace('a + b', 'a+b'));
    const { status, output } = lint(file);
    expect(status).toBe(1);
    expect(output).toMatch(/format\.py: fora do formato do Ruff/);
  });

  it('type checks in strict mode, for Python 3.9', () => {
    const file = write(
      'types.py',
      `${header}Maybe = int | None\n\n\ndef add(a, b):\n    return a + b\n`,
    );
    const { status, output } = typecheck(write('clean.py', clean), file);
    expect(status).toBe(1);
    expect(output).not.toMatch(/clean\.py:/);
    // Missing annotations are an error in strict mode only.
    expect(output).toMatch(/types\.py:6:9 - error: Type annotation is missing for parameter "a"/);
    // Evaluated at run time (not an annotation), `int | None` needs Python 3.10.
    expect(output).toMatch(
      /types\.py:3:\d+ - error: Alternative syntax for unions requires Python 3\.10/,
    );
  });
});
