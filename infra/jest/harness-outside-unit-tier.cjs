// Stands in for `@app/testing` in the unit tiers (jest.config.mjs): the harness starts servers
// and needs `npm test`'s provisioning, which a unit spec must never depend on. CommonJS, so the
// error below is what the spec reports (an ES module would fail earlier, on a missing export).
throw new Error(
  'A unit spec (*.spec.ts) imported @app/testing, the integration harness. Import unit helpers from ' +
    '@app/testing/unit, or name the file *.int-spec.ts if it needs real servers.',
);
