import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
  // Features stay independent: shared code lives in components/, lib/ and contract/.
  ...[
    ['src/features/*/*.{ts,tsx}', '^\\.\\./[^.]'],
    ['src/features/*/*/*.{ts,tsx}', '^\\.\\./\\.\\./[^.]'],
  ].map(([files, regex]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex, message: 'A feature must not import another feature.' },
            { group: ['**/features/**'], message: 'A feature must not import another feature.' },
          ],
        },
      ],
    },
  })),
  {
    // The contract is shared by the SPA, the server and the mocks: it may import zod only.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\./).*', message: 'The contract imports only zod.' }] },
      ],
    },
  },
);
