// `@app/database/provisioning`: creating the roles and schemas a deployment needs, with `pg`
// alone. Apart from the package's main entry, which also loads TypeORM and every entity, so a
// caller that only provisions (the test harness, before each stack) does not pay for them.
export * from './provision-service-databases.js';
