// `@app/testing/service`: what a service-tier spec (*.service-spec.ts) may use. One service's
// own Nest module in this process against a PostgreSQL database of its own; no NATS, no other
// process: the other services are stubbed at the RpcClient.
export * from './service-database.js';
export * from './service-module.js';
export * from './stubbed-services.js';
export * from './eventually.js';
