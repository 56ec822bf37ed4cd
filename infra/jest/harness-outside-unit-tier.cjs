// Stands in for `@app/testing` and `@app/testing/service` in the unit tiers (jest.config.mjs):
// both harnesses start servers or need `npm test`'s provisioning, which a unit spec must never
// depend on. CommonJS, so the error below is what the spec reports (an ES module would fail
// earlier, on a missing export).
throw new Error(
  'A unit spec (*.spec.ts) imported a test harness that needs provisioned servers. Import unit helpers from ' +
    '@app/testing/unit; name the file *.service-spec.ts if it needs one service against real PostgreSQL, ' +
    'or *.int-spec.ts if it needs the whole stack.',
);
