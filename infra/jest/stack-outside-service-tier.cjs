// Stands in for `@app/testing` in the service tier (jest.config.mjs): that harness starts the
// whole product (processes, NATS, Redis, S3), which a service-tier spec must not reach for, so the
// tier stays one service against PostgreSQL. CommonJS, for the same reason as
// harness-outside-unit-tier.cjs.
throw new Error(
  'A service-tier spec (*.service-spec.ts) imported @app/testing, the whole-stack harness. Import ' +
    '@app/testing/service (and @app/testing/unit), or name the file *.int-spec.ts if it needs the whole stack.',
);
