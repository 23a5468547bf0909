import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

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
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
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

/** The mocks' literals that are (or are inside) one of the server's. */
function copiedFromServer(mockFiles: string[], serverFiles: string[]): string[] {
  const server = serverFiles.flatMap(literalsOf);
  return mockFiles.flatMap((file) =>
    literalsOf(file)
      .filter((text) => server.some((s) => s.includes(text.trim())))
      .map((text) => `${path.relative(ROOT, file)}: ${JSON.stringify(text)}`),
  );
}

describe('mocks/handlers', () => {
  // The server's words, and those it already shares through the contract and shared/: a mock copying either drifts.
  const serverFiles = ['server', 'contract', 'shared'].flatMap((dir) => walk(path.join(ROOT, dir)));

  it('copy no server message: they import the contract constants or replay recorded answers', () => {
    expect(copiedFromServer(walk(path.join(ROOT, 'mocks/handlers')), serverFiles)).toEqual([]);
  });

  it('would see a copied message (the check reads the server)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-copia-'));
    const copy = path.join(dir, 'copia.ts');
    fs.writeFileSync(copy, "export const x = 'A ordem já terminou: não há o que resolver.';\n");
    try {
      expect(copiedFromServer([copy], serverFiles)).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});
