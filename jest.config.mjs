// Jest, one project per test tier. Native ESM (NestJS 12 ships ESM only); @swc/jest keeps
// decorator metadata for Nest DI.
//   unit         *.spec.ts beside the code: pure rules, strict mocks; no server, no build.
//   unit-dom     frontend/src/**/*.spec.tsx: routes rendered in jsdom against a mocked API.
//   integration  *.int-spec.ts: real PostgreSQL, Redis, NATS, S3 and ffmpeg that `npm test`
//                provisions (including the fault suite, *.faults.int-spec.ts).
//   e2e          *.e2e.ts: Chromium against the whole product.
// `npm run test:unit` runs the two unit projects; `npm test` runs every project. A per-service
// tier (a service's Nest module against real PostgreSQL, no NATS) gets its own suffix and project
// here; until then every *.int-spec.ts, services' included, stays in `integration`.
const swc = (syntax) => [
  '@swc/jest',
  {
    jsc: {
      parser: syntax === 'tsx' ? { syntax: 'typescript', tsx: true } : { syntax: 'typescript', decorators: true },
      transform:
        syntax === 'tsx' ? { react: { runtime: 'automatic' } } : { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

const moduleNameMapper = {
  '^@app/testing/unit$': '<rootDir>/libs/testing/src/unit.ts',
  '^@app/(contracts|common|database|storage|testing)$': '<rootDir>/libs/$1/src/index.ts',
  // The frontend's own alias, so its specs import modules as the app does.
  '^@/(.*)$': '<rootDir>/frontend/src/$1',
  '^(\\.{1,2}/.*)\\.js$': '$1',
};

const common = {
  rootDir: import.meta.dirname,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc('ts') },
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/', '/.test-data/'],
};

// The integration harness (embedded PostgreSQL, app processes, the stack) is refused in the unit
// tiers, so a spec that needs provisioning cannot hide among the fast ones.
const unitModuleNameMapper = {
  '^@app/testing$': '<rootDir>/infra/jest/harness-outside-unit-tier.cjs',
  ...moduleNameMapper,
};

export default {
  // Jest reads the timeout from the root config only, for every project.
  testTimeout: 90_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/**/*.spec.ts'],
      moduleNameMapper: unitModuleNameMapper,
    },
    {
      ...common,
      displayName: 'unit-dom',
      testEnvironment: '<rootDir>/infra/jest/dom-environment.mjs',
      extensionsToTreatAsEsm: ['.ts', '.tsx'],
      transform: {
        '^.+\\.ts$': swc('ts'),
        '^.+\\.tsx$': swc('tsx'),
        '\\.(webp|png|jpe?g|svg)$': '<rootDir>/infra/jest/asset-transform.mjs',
      },
      moduleNameMapper: {
        // Vite replaces import.meta.env when it builds; Jest does not. (Before the general
        // aliases: Jest takes the first pattern that matches.)
        '^@/config/env$': '<rootDir>/frontend/src/testing/test-env.ts',
        ...unitModuleNameMapper,
      },
      setupFiles: ['<rootDir>/frontend/src/testing/jsdom-setup.ts'],
      testMatch: ['<rootDir>/frontend/src/**/*.spec.tsx'],
    },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/**/*.int-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/**/*.e2e.ts'] },
  ],
};
