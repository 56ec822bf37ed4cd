// Flat ESLint config for the whole monorepo. `npm run lint` runs it at zero warnings.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { createProjectGraphAsync } from 'nx/src/project-graph/project-graph.js';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

// @nx/enforce-module-boundaries only reads the cached project graph and silently skips itself when
// there is none (fresh checkout, plain `eslint .`), so build/refresh it first. No daemon (nx.json).
await createProjectGraphAsync({ exitOnError: false });

const TS_FILES = ['**/*.ts', '**/*.tsx'];
// Server-side test files are excluded from every tsconfig (so they stay out of `dist`), and the
// project service refuses `**` globs in allowDefaultProject, so they are linted without type
// information. Tests under frontend/src are part of frontend/tsconfig.json and keep the typed rules.
// `*.spec-harness.ts`: helpers that several specs of one folder share.
const UNTYPED_TEST_FILES = [
  '**/*.spec.ts',
  '**/*.spec-harness.ts',
  '**/*.int-spec.ts',
  '**/*.service-spec.ts',
  '**/*.e2e.ts',
];
const TEST_FILES = [...UNTYPED_TEST_FILES, '**/*.spec.tsx', '**/*.test.ts', '**/*.test.tsx'];

// Node's own global names, taken from the running Node rather than a hoisted `globals` package
// that the root package.json does not declare.
const nodeGlobals = Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, 'readonly']));

// Nx tags (project.json) → what each kind of project may import. Test files additionally may use
// the shared harness (`type:testing`), and the frontend's full-stack journeys (`*.e2e.ts`) the
// shared server libs that drive and assert the running product.
const serviceScopes = ['gateway', 'auth', 'catalog', 'video', 'feedback', 'admin', 'notifications', 'media-worker'];
const depConstraints = ({ test = false, e2e = false } = {}) => {
  const testing = test ? ['type:testing'] : [];
  return [
    { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', ...testing] },
    { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts', ...testing] },
    { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:contracts'] },
    { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:contracts'] },
    {
      sourceTag: 'scope:frontend',
      onlyDependOnLibsWithTags: ['scope:frontend', 'type:contracts', ...(e2e ? ['scope:shared'] : [])],
    },
    // A service (or the gateway) never imports another service.
    ...serviceScopes.map((scope) => ({
      sourceTag: `scope:${scope}`,
      onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
    })),
  ];
};

// Frontend features never import each other; routes in src/app compose them.
const featuresDir = join(root, 'frontend/src/features');
let features = [];
try {
  features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
} catch {
  // no features yet
}
const featureZones = features.map((feature) => ({
  target: `./frontend/src/features/${feature}`,
  from: './frontend/src/features',
  except: [`./${feature}`],
  message: 'Features never import each other; compose them in a route under src/app.',
}));

const typed = (configs) => configs.map((config) => ({ ...config, files: TS_FILES }));

export default defineConfig(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.test-data/**',
      'frontend/dist/**',
      '**/coverage/**',
      '.nx/**',
      'test-results/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },

  js.configs.recommended,

  // TypeScript, type-checked through the project service (each project's tsconfig.json).
  ...typed(tseslint.configs.recommendedTypeChecked),
  {
    files: TS_FILES,
    languageOptions: {
      parserOptions: {
        projectService: {
          // Stray root-level TS config files (e.g. a future playwright.config.ts).
          allowDefaultProject: ['*.config.ts'],
          defaultProject: 'tsconfig.base.json',
        },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      // Not in the recommended set, and kept off on purpose: injection-only classes and
      // `constructor(private readonly x: X) {}` are normal in NestJS.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  {
    files: UNTYPED_TEST_FILES,
    ignores: ['frontend/src/**'],
    ...tseslint.configs.disableTypeChecked,
  },

  // Import cycles. import-x's built-in resolver (unrs-resolver) understands NodeNext's
  // `./x.js` → `./x.ts` and tsconfig paths, so no extra resolver package is needed.
  // Workspace packages (`@app/*`) stay behind their node_modules symlink and count as external:
  // cross-project cycles are already impossible with TS project references.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.mjs', '.js', '.json', '.node'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
          conditionNames: ['types', 'import', 'node', 'default'],
          symlinks: false,
        }),
      ],
    },
    rules: {
      // Not into node_modules: a package there cannot import this repository's files, so no cycle
      // runs through one; following them parsed thousands of files (a third of the lint's time).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['frontend/**/*.ts', 'frontend/**/*.tsx'],
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.json'],
          conditionNames: ['types', 'import', 'browser', 'default'],
          symlinks: false,
          tsconfig: { configFile: join(root, 'frontend/tsconfig.json'), references: 'auto' },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },

  // Nx module boundaries (tags live in each project.json).
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints: depConstraints() },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints: depConstraints({ test: true }) },
      ],
    },
  },
  {
    files: ['**/*.e2e.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints: depConstraints({ test: true, e2e: true }) },
      ],
    },
  },

  // Plain Node scripts (infra/, jest.config.mjs, ...).
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: nodeGlobals,
    },
  },
  // CommonJS files (the apps' entry point, infra/build/start-bundle.cjs): require, module, __dirname.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { __dirname: 'readonly', __filename: 'readonly' } },
  },

  prettier,
);
