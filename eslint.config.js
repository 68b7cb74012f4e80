import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCrossFeatureImports from './eslint-rules/no-cross-feature-imports.js';
import noTestCodeInSrc from './eslint-rules/no-test-code-in-src.js';
import { SERVER_IMPORT_SETTINGS, serverBoundaryZones } from './eslint-rules/server-modules.js';
import { TABLE_OWNERS } from './eslint-rules/table-owners.js';
import tableWritesByOwner from './eslint-rules/table-writes-by-owner.js';

// The project's own rules (eslint-rules/, each with its test): one plugin object, used by several blocks.
const abp = { rules: { 'no-cross-feature-imports': noCrossFeatureImports, 'no-test-code-in-src': noTestCodeInSrc } };

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // pg-boss stays inside jobs/: modules use JobQueue's methods and the job catalogue.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'boss',
          message:
            'Use JobQueue (jobs/queue.ts) and the job catalogue (jobs/catalogue.ts); pg-boss stays inside jobs/.',
        },
      ],
    },
  },
  {
    // One rule for every outbound request (issue #31): redirects, addresses and credentials are decided in lib/outbound/.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/lib/outbound/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the outbound rule (lib/outbound/): outbound.fetch() or outbound.asFetch().' },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'undici', message: 'Outbound HTTP goes through lib/outbound/.' }] },
      ],
    },
  },
  {
    // Fakes and test helpers live with the tests, never in the server's production source (DESIGN.md §3).
    files: ['apps/server/src/**/*.ts'],
    plugins: { abp },
    rules: { 'abp/no-test-code-in-src': 'error' },
  },
  {
    // One owner per table write (issue #34): other modules call the owner's named operations.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'abp-server': { rules: { 'table-writes-by-owner': tableWritesByOwner } } },
    rules: { 'abp-server/table-writes-by-owner': ['error', { root: import.meta.dirname, owners: TABLE_OWNERS }] },
  },
  {
    // Module boundaries and no import cycles on the server (issue #34; eslint-rules/server-modules.js).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: SERVER_IMPORT_SETTINGS,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverBoundaryZones() }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, abp },
    rules: { ...reactHooks.configs.recommended.rules, 'abp/no-cross-feature-imports': 'error' },
  },
);
