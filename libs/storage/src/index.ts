export * from './object-storage.js';
