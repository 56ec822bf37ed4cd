/** Injection tokens shared by the processors: one Redis connection and one S3 client per process. */
export const WORKER_REDIS = Symbol('WORKER_REDIS');
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
