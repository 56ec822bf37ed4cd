// `@app/testing/unit`: the helpers a unit spec may use. Nothing here starts a server, opens a
// connection or needs `npm test`'s provisioning, so `npm run test:unit` runs on a bare checkout.
export * from './strict-mock.js';
export * from './nats-config.js';
export * from './image-metadata-fixtures.js';
export * from './domain-event-fixtures.js';
export * from './monitoring-queries.js';
export * from './kustomize-render.js';
