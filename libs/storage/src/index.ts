export * from './object-storage.js';
export { MIN_PART_BYTES, PartBufferPool } from './multipart-upload.js';
export type { PartBufferPoolOptions, StreamUploadOptions, StreamUploadResult } from './multipart-upload.js';
