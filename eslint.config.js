import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const relative = (file) => path.relative(root, file).split(path.sep).join('/');

/** A relative import's file: TypeScript's resolution for our own code (extension or index omitted). */
function resolveImport(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const importsCache = new Map();
/** The value imports (not `import type`) of a file, resolved; cached per lint run by modification time. */
function valueImports(file) {
  const mtime = fs.statSync(file).mtimeMs;
  const cached = importsCache.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const text = fs.readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(
      /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm,
    ),
  ].map((m) => m[1]);
  const imports = specs.map((spec) => resolveImport(file, spec)).filter(Boolean);
  importsCache.set(file, { mtime, imports });
  return imports;
}

/** A path of value imports from `start` back to `target`, or null. */
function cycleBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of valueImports(file)) stack.push([next, [...trail, next]]);
  }
  return null;
}

const featureOf = (file, dir) =>
  file.startsWith(`${dir}/`) && file.slice(dir.length + 1).split('/')[0];

/** A unit's public face: its index.ts (or index.tsx), the only file of it others may import. */
const isIndexOf = (file, dir, unit) =>
  file === `${dir}/${unit}/index.ts` || file === `${dir}/${unit}/index.tsx`;

/**
 * Code that measures a module's internals as the tests do: the benchmarks (server/bench/). The tests themselves
 * are not under this rule's files at all.
 */
const MEASURES_INTERNALS = ['server/bench'];

/** Where an import may not go, from where: the layers of docs/decisions/0006 and 0010. */
function boundaryProblem(from, to) {
  const under = (file, dirs) => dirs.some((d) => file === d || file.startsWith(`${d}/`));
  if (under(from, ['server']) && under(to, ['src']))
    return 'The server never imports the SPA (src/).';
  if (under(from, ['src', 'mocks']) && !under(from, ['mocks/record']) && under(to, ['server'])) {
    return 'The SPA and the mocks never import the server.';
  }
  if (under(from, ['contract', 'shared']) && under(to, ['src', 'server', 'mocks'])) {
    return 'contract/ and shared/ are imported by both sides and import neither.';
  }
  const feature = featureOf(from, 'src/features');
  const otherFeature = featureOf(to, 'src/features');
  if (feature && otherFeature && feature !== otherFeature) {
    return 'A feature must not import another feature.';
  }
  if (featureOf(from, 'src/widgets') && otherFeature) {
    return 'A widget (src/widgets/) never imports a feature: features use widgets, not the other way round.';
  }
  // A unit (server module, SPA widget) is one thing to the rest of the code: whatever its files, they are reached
  // through its index, so that what it owns can move inside it without touching its users.
  for (const [dir, message] of [
    [
      'server/modules',
      'A server module is imported from outside only through its index.ts (server/modules/<m>/index.ts).',
    ],
    [
      'src/widgets',
      'A widget is imported from outside only through its index (src/widgets/<w>/index.ts or index.tsx).',
    ],
  ]) {
    const unit = featureOf(to, dir);
    if (!unit || featureOf(from, dir) === unit || isIndexOf(to, dir, unit)) continue;
    if (dir === 'server/modules' && under(from, MEASURES_INTERNALS)) continue;
    return message;
  }
  return null;
}

/** The project's own layering rules: no value-import cycles, and the layers' boundaries. */
const layers = {
  rules: {
    'no-cycle': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const file = context.filename;
        return {
          ImportDeclaration(node) {
            if (node.importKind === 'type' || !node.source.value.startsWith('.')) return;
            const target = resolveImport(file, node.source.value);
            const trail = target && cycleBack(target, file);
            if (trail) {
              context.report({
                node,
                message: `Dependency cycle: ${[file, ...trail].map(relative).join(' → ')}`,
              });
            }
          },
        };
      },
    },
    boundaries: {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = relative(context.filename);
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const to = resolveImport(context.filename, spec);
          const problem = to && boundaryProblem(from, relative(to));
          if (problem) context.report({ node, message: problem });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ImportExpression: check };
      },
    },
  },
};

/**
 * The glossary (docs/decisions/0006-one-contract.md): domain nouns in Portuguese, verbs in English. An identifier
 * declared with a Portuguese verb first (`criarCompra`, `validarLote`, `listar`, `ehAtivo`) is flagged; the prefix
 * must end at a camelCase boundary or at the end, so `criado`, `listagem` and `ehrlich` are words, not verbs. A
 * React hook's `use` does not hide the verb after it (`useCriarLote` is `useCreateLote`).
 */
const PORTUGUESE_VERB =
  /^(?:use(?=[A-Z]))?(?:[cC]riar|[vV]alidar|[lL]istar|[cC]ancelar|[eE]h)(?:[A-Z0-9_$]|$)/;

const glossary = {
  rules: {
    'english-verbs': {
      meta: { type: 'suggestion', schema: [] },
      create(context) {
        const check = (node) => {
          if (node?.type === 'Identifier' && PORTUGUESE_VERB.test(node.name)) {
            context.report({
              node,
              message: `'${node.name}' starts with a Portuguese verb: verbs in English, domain nouns in Portuguese (create, validate, list, cancel, is…).`,
            });
          }
        };
        const declared = (node) => check(node.id);
        const keyed = (node) => {
          if (!node.computed) check(node.key);
        };
        return {
          VariableDeclarator: declared,
          FunctionDeclaration: declared,
          FunctionExpression: declared,
          ClassDeclaration: declared,
          TSInterfaceDeclaration: declared,
          TSTypeAliasDeclaration: declared,
          TSEnumDeclaration: declared,
          MethodDefinition: keyed,
          PropertyDefinition: keyed,
          TSPropertySignature: keyed,
          TSMethodSignature: keyed,
          'ObjectExpression > Property': keyed,
          ':function > Identifier.params': check,
        };
      },
    },
  },
};

/**
 * Where the size limits hold (docs/decisions/0010-modules-and-jobs.md): functions of at most 100 lines outside the
 * tests. mocks/ and agent/ are being rewritten and join when they are done (tests/lint/sizes.test.ts keeps the
 * same list).
 */
const SIZE_ENFORCED = ['server', 'shared', 'contract', 'src', 'mocks'];

export default tseslint.config(
  {
    // The violating files tests/lint/layers.test.ts writes for a moment (it lints them with ignore off).
    ignores: [
      'dist',
      'data',
      'coverage',
      'test-results',
      '.scratch',
      'mocks/mockServiceWorker.js',
      '**/zz-lint*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No import cycles, and the layers: contract/ (zod only) ← shared/ (pure helpers) ← server/, src/, mocks/.
    files: ['{src,server,contract,shared,mocks}/**/*.{ts,tsx}'],
    plugins: { layers },
    rules: { 'layers/no-cycle': 'error', 'layers/boundaries': 'error' },
  },
  {
    // The glossary's verbs, on the code whose identifiers can be renamed without touching the wire.
    files: ['{server,shared,contract,mocks}/**/*.ts', 'src/**/*.{ts,tsx}'],
    plugins: { glossary },
    rules: { 'glossary/english-verbs': 'error' },
  },
  {
    files: SIZE_ENFORCED.map((dir) => `${dir}/**/*.{ts,tsx,js,mjs}`),
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  ...[
    ['contract/**/*.ts', '^(?!zod$|\\./).*', 'The contract imports only zod.'],
    [
      'shared/**/*.ts',
      '^(?!decimal\\.js$|\\./|\\.\\./contract$).*',
      'shared/ holds pure helpers: it imports the contract and decimal.js only.',
    ],
    [
      // A folder of shared/ (shared/rebalanceamento/) reaches the other shared files one level up, nothing higher.
      'shared/*/**/*.ts',
      '^(?!decimal\\.js$|\\.\\.?/(?!\\.\\./)|\\.\\./\\.\\./contract$).*',
      'shared/ holds pure helpers: it imports the contract and decimal.js only.',
    ],
  ].map(([files, regex, message]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] },
  })),
);
