import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** One zone per feature folder: it may import from itself, not from its siblings. */
function featureZones(dir, message) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `./${dir}/${entry.name}`,
      from: `./${dir}`,
      except: [`./${entry.name}`],
      message,
    }));
}

export default tseslint.config(
  {
    ignores: ['dist', 'data', 'coverage', 'test-results', '.scratch', 'mocks/mockServiceWorker.js'],
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
    // No import cycles anywhere (a cycle is a layer that leaks both ways).
    files: ['{src,server,contract,shared,mocks}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // The layers: contract/ (zod only) ← shared/ (pure helpers) ← server/, src/, mocks/. The server never reaches
  // into the SPA nor the SPA into the server; features (src/features/*, server/modules/*) never import each other.
  {
    files: ['{src,server,contract,shared,mocks}/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server',
              from: './src',
              message: 'The server never imports the SPA (src/).',
            },
            {
              target: ['./src', './mocks/handlers', './mocks/*.ts'],
              from: './server',
              message: 'The SPA and the mocks never import the server.',
            },
            {
              target: ['./contract', './shared'],
              from: ['./src', './server', './mocks'],
              message: 'contract/ and shared/ are imported by both sides and import neither.',
            },
            ...featureZones('src/features', 'A feature must not import another feature.'),
            ...featureZones(
              'server/modules',
              'A server module must not import another module: share through server/lib.',
            ),
          ],
        },
      ],
    },
  },
  ...[
    ['contract/**/*.ts', '^(?!zod$|\\./).*', 'The contract imports only zod.'],
    [
      'shared/**/*.ts',
      '^(?!decimal\\.js$|\\./|\\.\\./contract$).*',
      'shared/ holds pure helpers: it imports the contract and decimal.js only.',
    ],
  ].map(([files, regex, message]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] },
  })),
);
