import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Sizes (docs/decisions/0010-modules-and-jobs.md): no source file over 350 lines, no function over 100 outside the
 * tests — ESLint's max-lines-per-function (eslint.config.js) for the TypeScript, a walk of Python's own syntax tree
 * for the agent.
 */
const root = path.resolve(import.meta.dirname, '../..');

const MAX_LINES = 350;
const ENFORCED = ['server', 'shared', 'contract', 'src', 'mocks', 'agent'];
/** Where ESLint checks functions (the agent is Python: checked below). */
const LINTED = ENFORCED.filter((d) => d !== 'agent');

const SOURCE = /\.(?:ts|tsx|js|mjs|py)$/;
/** Tests, generated code, dependencies and caches are not sources. */
const SKIPPED_DIRS = new Set(['node_modules', 'tests', '__pycache__', '.venv']);
const GENERATED = new Set(['mocks/mockServiceWorker.js']);
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || /(?:^|\/)test_[^/]*\.py$/.test(file);

function sources(dir: string): string[] {
  const found: string[] = [];
  const walk = (relative: string) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(child);
      } else if (
        SOURCE.test(entry.name) &&
        !GENERATED.has(child) &&
        !isTest(child) &&
        !entry.name.startsWith('zz-lint')
      ) {
        found.push(child);
      }
    }
  };
  if (fs.existsSync(path.join(root, dir))) walk(dir);
  return found;
}

function linesOf(file: string): number {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Each source over MAX_LINES, as `file: lines`. */
const oversized = (dirs: string[]) =>
  dirs
    .flatMap(sources)
    .map((file) => ({ file, lines: linesOf(file) }))
    .filter((f) => f.lines > MAX_LINES)
    .map((f) => `${f.file}: ${f.lines}`)
    .sort();

const written: string[] = [];
afterAll(() => {
  for (const file of written) fs.rmSync(file, { force: true });
});

/** A file with one function of `bodyLines` statements, linted where it is written, then removed. */
async function functionMessages(relative: string, bodyLines: number): Promise<string[]> {
  const body = Array.from({ length: bodyLines }, (_, i) => `  total += ${i};`).join('\n');
  const file = path.join(root, relative);
  fs.writeFileSync(
    file,
    `export function longa(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`,
  );
  written.push(file);
  const [result] = await new ESLint({ cwd: root, ignore: false }).lintFiles([file]);
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('sizes', { timeout: 60_000 }, () => {
  it(`keeps every source of ${ENFORCED.join(', ')} within ${MAX_LINES} lines`, () => {
    expect(oversized(ENFORCED)).toEqual([]);
  });

  it('covers every directory of sources', () => {
    expect([...ENFORCED].sort()).toEqual(
      ['agent', 'contract', 'mocks', 'server', 'shared', 'src'].sort(),
    );
  });

  it('finds no Python function over 100 lines in the agent, and would find one', () => {
    const over = (files: string[]) =>
      execFileSync(
        'python3',
        [
          '-c',
          [
            'import ast, sys',
            'for f in sys.argv[1:]:',
            '    for n in ast.walk(ast.parse(open(f).read())):',
            '        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno - n.lineno + 1 > 100:',
            '            print(f"{f}: {n.name}")',
          ].join('\n'),
          ...files,
        ],
        { cwd: root, encoding: 'utf8' },
      )
        .split('\n')
        .filter(Boolean);
    expect(over(sources('agent').filter((f) => f.endsWith('.py')))).toEqual([]);
    // Outside agent/: the agent's own linter and type checker run beside this test.
    const long = path.join(os.tmpdir(), `zz_lint_sizes_${process.pid}.py`);
    fs.writeFileSync(long, `def longa() -> int:\n${'    x = 1\n'.repeat(101)}    return x\n`);
    written.push(long);
    expect(over([long])).toEqual([`${long}: longa`]);
  });

  it('refuses a function over 100 lines where the limit holds, and only there', async () => {
    const rule = (messages: string[]) =>
      messages.filter((m) => m.startsWith('max-lines-per-function'));
    for (const dir of LINTED) {
      const relative = `${dir}/zz-lint-sizes.ts`;
      const long = rule(await functionMessages(relative, 101));
      expect(long, relative).toHaveLength(1);
      expect(long[0]).toMatch(
        /Function 'longa' has too many lines \(\d+\)\. Maximum allowed is 100/,
      );
      expect(rule(await functionMessages(relative, 94)), relative).toEqual([]);
    }
  });
});
