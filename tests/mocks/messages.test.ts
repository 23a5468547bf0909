import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The handlers stay small (issue 27, item 8): under LIMITE lines in all (`wc -l mocks/handlers/*.ts`), what they
 * compute taken from shared/ and their words from the contract, everything else a recorded answer.
 */
const LIMITE = 1000;
/** The whole folder's lines as `wc -l` counts them (newlines), with each file's, when they reach the limit; else null. */
function acimaDoLimite(dir: string): string | null {
  const linhas = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8').split('\n').length - 1] as const);
  const total = linhas.reduce((soma, [, n]) => soma + n, 0);
  if (total < LIMITE) return null;
  const porArquivo = [...linhas].sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f} ${n}`);
  return `${total} lines (limit ${LIMITE}): ${porArquivo.join(', ')}`;
}

/**
 * No user-facing string copied into the mocks: every literal longer than 25 characters in mocks/handlers (a whole
 * string, or the fixed part of a template) is checked against the literals of server/, contract/ and shared/. The
 * mocks say the server's words through the contract's constants (or replay a recorded answer), never a copy that
 * can drift.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIN = 26;

const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return walk(full);
    // zz-lint files are the lint tests' violations, there for a moment while another file runs.
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.startsWith('zz-lint') ? [full] : [];
  });

/** The texts a source file writes literally: strings, and the fixed parts of templates (not module paths). */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    if (ts.isTemplateExpression(node)) {
      found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((text) => text.trim().length >= MIN);
}

/** The mocks' literals that are (or are inside) one of the server's (its literals, read once, NUL-separated). */
function copiedFromServer(mockFiles: string[], server: string): string[] {
  return mockFiles.flatMap((file) =>
    literalsOf(file)
      .filter((text) => server.includes(text.trim()))
      .map((text) => `${path.relative(ROOT, file)}: ${JSON.stringify(text)}`),
  );
}

describe('mocks/handlers', () => {
  it(`stay under ${LIMITE} lines: rules from shared/, words from the contract, the rest recorded`, () => {
    expect(acimaDoLimite(path.join(ROOT, 'mocks/handlers'))).toBeNull();
  });

  it(`would see a folder of ${LIMITE} lines (the check counts them as wc -l does)`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-linhas-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), 'x;\n'.repeat(LIMITE - 1));
      fs.writeFileSync(path.join(dir, 'notas.md'), 'x\n'.repeat(10));
      expect(acimaDoLimite(dir)).toBeNull();
      fs.writeFileSync(path.join(dir, 'b.ts'), 'y;\n');
      expect(acimaDoLimite(dir)).toBe(
        `${LIMITE} lines (limit ${LIMITE}): a.ts ${LIMITE - 1}, b.ts 1`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  // The server's words, and those it already shares through the contract and shared/: a mock copying either drifts.
  // Read once for both tests: parsing every file of the server takes seconds on a busy machine.
  let server = '';
  beforeAll(() => {
    const files = ['server', 'contract', 'shared'].flatMap((dir) => walk(path.join(ROOT, dir)));
    server = files.flatMap(literalsOf).join('\0');
  }, 60_000);

  it('copy no server message: they import the contract constants or replay recorded answers', () => {
    expect(copiedFromServer(walk(path.join(ROOT, 'mocks/handlers')), server)).toEqual([]);
  });

  it('would see a copied message (the check reads the server)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-copia-'));
    const copy = path.join(dir, 'copia.ts');
    fs.writeFileSync(copy, "export const x = 'A ordem já terminou: não há o que resolver.';\n");
    try {
      expect(copiedFromServer([copy], server)).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
