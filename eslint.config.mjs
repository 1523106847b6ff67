// Lint for the whole tree: typescript-eslint with type information, React hooks, and the import boundaries of
// docs/architecture.md. `npm run lint` runs it with Prettier's check; `npm test` runs that first.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** server/ and src/ meet only in shared/; shared/ stands on its own. */
const notServer = { group: ['**/server/**', '../server', '../../server'], message: 'The console and the server meet only in shared/ (@shared/…).' };
// node-media-server/src/… is that package's code (the live ingest uses its RTMP and FLV classes), not the console's.
const notSrc = { group: ['**/src/**', '!node-media-server/src/**'], message: 'The server and the console meet only in shared/ (@shared/…).' };

/** The HTTP layer (server/api/: CRUD kit, lists, uploads) stands on the domain, never the other way round. */
const notHttpLayer = { group: ['**/api/*'], message: 'Domain code does not import the HTTP layer (server/api/).' };

/**
 * Features reach each other only through their index.ts (public actions, selectors and components). `features`: how
 * an importing file spells the features folder (e.g. "../" from a feature's top level); a text table (text.ts,
 * text.en.ts) may be named directly, as every feature's own table is registered by the i18n feature.
 */
const deepFeatureImport = (features) => ({
  regex: `${features}(?!\\.)[^/]+/(?!(index|text|text\\.en)$)`,
  message: "Import another feature through its index (e.g. '../auth'), not its files.",
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'coverage/**', 'node_modules/**', 'static/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Ambient declarations (e.g. augmenting Jest's Matchers in `declare global`) need a namespace.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // A lazily injected slice declares itself by extending WithSlice (RTK's declaration-merging pattern).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Plain .js files are CommonJS modules that Jest loads with require() (e.g. its test environment).
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', '__tests__/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notServer] }] },
  },
  {
    files: ['src/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notServer, deepFeatureImport('^\\.\\./')] }] },
  },
  {
    files: ['src/features/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notServer, deepFeatureImport('^\\.\\./\\.\\./')] }] },
  },
  {
    // The CRUD kit stands below the features: what it needs of them (permission check, language, base map, session
    // end) the app gives it (src/crud/environment.ts, src/app/rootReducer.ts), and toasts are a lower layer's action.
    files: ['src/crud/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [notServer, { group: ['**/features/**', '**/features'], message: 'src/crud stands below the features: it never imports one.' }] },
      ],
    },
  },
  {
    // Aggregators by design: the replay registry lists every slice module by its path (its test derives the names from
    // the files), and the language tables gather each feature's text tables (English ones load only when chosen).
    files: ['src/features/replay/actionRegistry.ts', 'src/features/i18n/resources.ts', 'src/features/i18n/translations.en.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notServer] }] },
  },
  {
    files: ['src/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [notServer, { group: ['**/features/**'], message: 'src/api is the lowest layer: it never imports a feature.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [notSrc] }] },
  },
  {
    files: ['server/{domain,mqtt,conformance,rbac,db,redis,hms,safety,flightRecords}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [notSrc, notHttpLayer],
        },
      ],
    },
  },
  {
    // Sign-in (auth/) stands below the permission checks (rbac/), which read its tokens.
    files: ['server/auth/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [notSrc, notHttpLayer, { group: ['**/rbac/*'], message: 'Sign-in (auth/) stands below the permission checks (rbac/).' }],
        },
      ],
    },
  },
  {
    // One lifecycle for the browser tests: servers and browsers start through useBrowserSession only.
    files: ['e2e/*.e2e.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: './support/server', importNames: ['startServer'], message: 'Use useBrowserSession (e2e/support/session.ts).' },
            { name: './support/browser', importNames: ['launchBrowser'], message: 'Use useBrowserSession (e2e/support/session.ts).' },
            { name: 'playwright-core', importNames: ['chromium'], message: 'Use useBrowserSession (e2e/support/session.ts).' },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            notSrc,
            notServer,
            { group: ['react', 'react-*', '@mui/*', 'fastify', 'kysely'], message: 'shared/ is the contract: no UI or server framework.' },
          ],
        },
      ],
    },
  },
);
