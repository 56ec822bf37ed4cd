export * from './services.js';
export * from './health/health.patterns.js';
export * from './catalog/catalog.patterns.js';
export * from './catalog/category.types.js';
export * from './media/media.jobs.js';
export * from './media/video.patterns.js';
export * from './errors/error-codes.js';
