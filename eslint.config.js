// ESLint: correctness rules for TypeScript and React hooks. Formatting is Prettier's
// (.prettierrc.json), so eslint-config-prettier switches off every rule about layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import importBoundaries from './scripts/import-boundaries.eslint.js';
import noServiceBag from './scripts/no-service-bag.eslint.js';
import sqlInRepositories from './scripts/sql-in-repositories.eslint.js';

// The project's own rules, one plugin (ESLint takes a plugin name only once).
const local = { rules: { ...importBoundaries.rules, ...noServiceBag.rules, ...sqlInRepositories.rules } };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'coverage/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Test helpers answer parsed JSON of any shape; production code keeps to zod's types.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['app/**/*.{ts,tsx}', 'shared/public-page/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The public pages' enhancement scripts run in the browser as classic scripts.
    files: ['server/features/public-pages/*.client.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    // Issue 21: a feature uses another only through its index.ts; platform folders import no
    // feature (the wiring file, app.ts, main.ts, the CLI and the app's shell and entry are no
    // platform folders). docs/architecture.md "Import boundaries".
    // Issue 34: no feature or platform folder imports an entry point (the bag of all services is
    // theirs), a feature's index.ts lends no repository, the owner app imports no server code,
    // and a module reached by import(), require() or vi.mock() counts like an import.
    files: ['server/**/*.{ts,tsx,js,mjs}', 'app/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    plugins: { local },
    rules: {
      'local/import-boundaries': [
        'error',
        {
          root: import.meta.dirname,
          trees: ['server/features', 'app/src/features'],
          platform: [
            ...['auth', 'db', 'http', 'redis', 'storage', 'mail', 'images', 'documents', 'lib', 'outbox'].map((folder) => `server/${folder}`),
            ...['components', 'lib', 'i18n', 'styles'].map((folder) => `app/src/${folder}`),
            'shared',
          ],
          entries: ['server/wiring.ts', 'server/app.ts', 'server/main.ts'],
          forbid: [
            { from: 'app', to: 'server' },
            // The public page's components are rendered by the server and hydrated in the browser;
            // only their tests borrow the server's document fixtures.
            { from: 'shared', to: 'server', except: '\\.test\\.tsx?$' },
            { from: 'shared', to: 'app' },
          ],
        },
      ],
    },
  },
  {
    // Issue 34: a feature's routes receive their own services as plugin options (its
    // <feature>.feature.ts); no feature, route or platform code reads the bags `app.features`,
    // `app.platform` (or the old `app.services`), which server/app.ts decorates for main.ts, its
    // lifecycle and tests. Tests drive the whole app and may read them.
    files: ['server/features/**/*.{ts,tsx}', 'server/http/**/*.{ts,tsx}', 'server/auth/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/no-service-bag': 'error' },
  },
  {
    // Issue 34: createRequire() reaches modules around every import rule. Only the OCR pool and
    // its worker use it, to find tesseract.js's own files inside node_modules.
    files: ['server/**/*.{ts,tsx,js,mjs}', 'app/**/*.{ts,tsx}', 'shared/**/*.{ts,tsx}'],
    ignores: ['server/features/capture/ocr-pool.ts', 'server/features/capture/ocr-worker.mjs'],
    rules: {
      'no-restricted-imports': [
        'error',
        ...['module', 'node:module'].map((name) => ({
          name,
          importNames: ['createRequire'],
          message: 'createRequire() reaches modules around the import boundaries (issue 34): import the module instead.',
        })),
      ],
    },
  },
  {
    // Issue 21: SQL lives only in repositories (docs/architecture.md, "File names"); here, where
    // else it belongs. server/db/ is the database platform (connection, migrations, the schema
    // reader, prepared statements); tests set up and check rows directly.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      '**/*.repository.ts',
      'server/db/**',
      '**/*.test.{ts,tsx}',
      'test/**',
      // Exception: the benchmark seeds a million cards with raw SQL in its own schema; it is a
      // measuring tool outside the product, like the tests' set-up.
      'bench/**',
    ],
    plugins: { local },
    rules: { 'local/sql-in-repositories': 'error' },
  },
  prettier,
);
