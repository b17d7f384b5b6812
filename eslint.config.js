import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { boundaryConfigs } from './eslint-boundaries.js';
import { moneyConfig } from './eslint-money.js';

/** Where the web's hooks that call the server live; nothing else may import TanStack Query. */
export const WEB_API_FILES = ['web/src/features/*/api/**', 'web/src/shared/api/**'];

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'server/db/migrations',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The web talks to the server only through the hooks in each feature's api/ folder
    // (web/src/features/<feature>/api/): a page or component never builds a query, a mutation or
    // a cache rule itself.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [...WEB_API_FILES, 'web/src/app/QueryProvider.tsx', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              message: "Use or add a hook in the feature's api/ folder instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // The session lives in one store (token-storage.ts); the theme, the language and the shell's
    // switches each have their own small store. Nothing else reads or writes localStorage.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/app/token-storage.ts',
      'web/src/app/i18n.ts',
      'web/src/themes/theme-store.ts',
      'web/src/app/shell/stored-flag.ts',
      'web/src/**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: 'Go through the store that owns the value.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'localStorage', message: 'Go through its store.' },
      ],
    },
  },
  ...boundaryConfigs(),
  moneyConfig(),
);
