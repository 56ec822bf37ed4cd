// One Jest run for unit (*.spec.ts), integration (*.int-spec.ts) and browser (*.e2e.ts) tests.
// Native ESM (NestJS 12 ships ESM only); @swc/jest keeps decorator metadata for Nest DI.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@app/(contracts|common|database|storage|testing)$': '<rootDir>/libs/$1/src/index.ts',
    // The frontend's own alias, so its unit specs import modules as the app does.
    '^@/(.*)$': '<rootDir>/frontend/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/**/*.spec.ts', '<rootDir>/**/*.int-spec.ts', '<rootDir>/**/*.e2e.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', '/.data/', '/.test-data/'],
  testTimeout: 90_000,
};
