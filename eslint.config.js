import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.test-results/**',
      'apps/server/drizzle/**',
      'apps/server/.drizzle-check/**',
      'tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // Config files are loaded by tools that expect a default export.
    files: ['**/*.config.ts', '**/*.config.js', '**/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // packages/domain is shared by server and browser: no I/O, no framework imports.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fastify*', 'drizzle-orm*', 'pg', 'react*', '@electric-sql/*', 'antd*'],
              message: 'packages/domain stays framework-free.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
