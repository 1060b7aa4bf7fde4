// ESLint: correctness rules for TypeScript and React hooks. Formatting is Prettier's
// (.prettierrc.json), so eslint-config-prettier switches off every rule about layout.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    files: ['server/pages/*.client.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  prettier,
);
