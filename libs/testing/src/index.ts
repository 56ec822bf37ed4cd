export * from './test-env.js';
export * from './isolated-database.js';
export * from './app-process.js';
export * from './stack.js';
export * from './media-fixtures.js';
export * from './http-session.js';
export * from './browser.js';
export * from './private-redis.js';
