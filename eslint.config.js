// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';

/** Our code's parts (docs/decisions/0011-import-boundaries.md). First match wins. */
const elements = [
  { type: 'api-module', pattern: 'api/src/modules/*', capture: ['name'] },
  { type: 'api', pattern: 'api' },
  { type: 'domain', pattern: 'domain' },
  { type: 'eventstore', pattern: 'eventstore' },
  { type: 'projections', pattern: 'projection-runner' },
  { type: 'simulations', pattern: 'simulations' },
  { type: 'web-shared', pattern: 'web-shared' },
  { type: 'web-player', pattern: 'web-player' },
  { type: 'web-admin', pattern: 'web-admin' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'artifacts/**',
      '**/generated/**',
      'web-*/src/graphql/generated.ts',
      'web-*/src/*/generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/include': ['**/*.ts', '**/*.tsx'],
      'boundaries/files': [
        { category: 'e2e-test', pattern: '**/*.e2e.test.ts' },
        { category: 'test', pattern: '**/*.test.{ts,tsx}' },
        { category: 'test-helper', pattern: ['**/testing.ts', '**/testing/**'] },
        // a module's read side (decision 0076): its projectors
        {
          category: 'read-model',
          pattern: ['api/src/modules/*/projection.ts', 'api/src/modules/*/*-projection.ts'],
        },
      ],
      'import/resolver': {
        typescript: {
          alwaysTryTypes: true,
          project: ['tsconfig.json', 'web-*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            // domain and eventstore import nothing of ours; projections only the two below it
            { from: { element: { type: 'domain' } }, disallow: { to: { element: { type: '!domain' } } } },
            {
              from: { element: { type: 'eventstore' } },
              disallow: { to: { element: { type: '!eventstore' } } },
            },
            {
              from: { element: { type: 'projections' } },
              disallow: { to: { element: { type: '!{projections,eventstore,domain}' } } },
            },
            // API modules meet only through each module's index.ts (test helpers: testing.ts)
            {
              from: { element: { type: 'api-module' } },
              disallow: { to: { element: { type: '!{api-module,api,projections,eventstore,domain}' } } },
            },
            {
              from: { element: { type: 'api' } },
              disallow: { to: { element: { type: '!{api-module,api,projections,eventstore,domain}' } } },
            },
            {
              from: { element: { type: '{api,api-module}' } },
              disallow: { to: { element: { type: 'api-module' } } },
            },
            {
              from: { element: { type: '{api,api-module}' } },
              allow: { to: { element: { type: 'api-module', fileInternalPath: 'index.ts' } } },
            },
            {
              from: { element: { type: 'api-module' } },
              allow: {
                to: {
                  element: { type: 'api-module', captured: { name: '{{ from.element.captured.name }}' } },
                },
              },
            },
            {
              from: { file: { categories: '{test,test-helper}' } },
              allow: { to: { element: { type: 'api-module', fileInternalPath: 'testing.ts' } } },
            },
            // simulations: the other packages only through their package exports (`@bashiri/api`, ...)
            {
              from: { element: { type: 'simulations' } },
              disallow: { to: { element: { type: '!simulations' } } },
            },
            {
              from: { element: { type: 'simulations' } },
              allow: { dependency: { source: '@bashiri/**' } },
            },
            // web apps: each other never; web-shared and the domain's pure code through their packages
            {
              from: { element: { type: 'web-*' } },
              disallow: { to: { element: { type: '!{{ from.element.type }}' } } },
            },
            {
              from: { element: { type: '{web-player,web-admin}' } },
              allow: {
                to: { element: { type: '{web-shared,domain}' } },
                dependency: { source: '@bashiri/*' },
              },
            },
            {
              from: { element: { type: 'web-shared' } },
              allow: { dependency: { source: '@bashiri/domain' } },
            },
            // a module's projectors (read side) never reach the server's code or another module; they
            // fold events with the runner, the domain and their own module's pure helpers (decision 0076)
            {
              from: { file: { categories: 'read-model' } },
              disallow: { to: { element: { type: '{api,api-module}' } } },
            },
            {
              from: { file: { categories: 'read-model' } },
              allow: {
                to: {
                  element: { type: 'api-module', captured: { name: '{{ from.element.captured.name }}' } },
                },
              },
            },
            {
              // the pool's and betting's trigger projectors record fixture facts for their process managers
              from: { file: { categories: 'read-model' } },
              allow: { to: { element: { type: 'api', fileInternalPath: 'src/process-manager.ts' } } },
            },
            // end-to-end tests drive a real server: they may use the API's test helpers
            {
              from: { file: { categories: 'e2e-test' } },
              allow: { to: { element: { type: 'api' }, file: { categories: 'test-helper' } } },
            },
          ],
        },
      ],
    },
  },
);
