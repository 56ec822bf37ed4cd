// Jest, one project per test tier. Native ESM (NestJS 12 ships ESM only); @swc/jest keeps
// decorator metadata for Nest DI.
//   unit         *.spec.ts beside the code: pure rules, strict mocks; no server, no build.
//   unit-dom     frontend/src/**/*.spec.tsx: routes rendered in jsdom against a mocked API.
//   service      *.service-spec.ts beside the code: one service's own Nest module in this process
//                against a PostgreSQL database provisioned for its role; other services stubbed at
//                its RpcClient, no NATS, no other process, no build (@app/testing/service).
//   integration  *.int-spec.ts: real PostgreSQL, Redis, NATS, S3 and ffmpeg that `npm test`
//                provisions, the apps as built processes (including the fault suite,
//                *.faults.int-spec.ts).
//   e2e          *.e2e.ts: Chromium against the whole product.
// `npm run test:unit` runs the two unit projects, `npm run test:service` the service tier (on the
// servers `npm test` provisions, without its build and checks), and `npm test` every project.
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
  '^@app/testing/service$': '<rootDir>/libs/testing/src/service.ts',
  '^@app/database/provisioning$': '<rootDir>/libs/database/src/provisioning/index.ts',
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

// The harnesses that need provisioned servers are refused in the unit tiers, so a spec that needs
// them cannot hide among the fast ones; the whole-stack harness is refused in the service tier.
const unitModuleNameMapper = {
  '^@app/testing(/service)?$': '<rootDir>/infra/jest/harness-outside-unit-tier.cjs',
  ...moduleNameMapper,
};
const serviceModuleNameMapper = {
  '^@app/testing$': '<rootDir>/infra/jest/stack-outside-service-tier.cjs',
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
        // A stylesheet a component imports for its look (components/ui/primitives.css) means nothing in jsdom.
        '\\.css$': '<rootDir>/infra/jest/asset-transform.mjs',
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
    {
      ...common,
      displayName: 'service',
      testMatch: ['<rootDir>/**/*.service-spec.ts'],
      moduleNameMapper: serviceModuleNameMapper,
    },
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/**/*.int-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/**/*.e2e.ts'] },
  ],
};
