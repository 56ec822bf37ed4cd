/** Injection token of the process's one S3 client, shared by the processors. */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');
