// The local S3 API (s3rver) that `npm run up` and `npm test` start when no other is given, taught
// the two multipart calls it lacks: AbortMultipartUpload (s3rver answers 405 and keeps the parts
// of an abandoned upload on disk for ever, up to 100 MB for each upload a member cancels) and
// ListMultipartUploads (NotImplemented), so the local store, like MinIO and S3, removes and lists
// pending uploads, and tests can check none is left behind.
import { createRequire } from 'node:module';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
/** s3rver's router: one instance shared by every server in the process. */
const router = require('s3rver/lib/routes.js');
const S3Error = require('s3rver/lib/models/error.js');

const EXTENDED = Symbol.for('skillshare.local-s3.multipart');
const UPLOAD_ID = /^[0-9a-f]{32}$/; // as s3rver makes them: 16 random bytes in hex

/**
 * @param {{ port: number, address: string, directory: string, silent?: boolean }} options
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startLocalS3(options) {
  const { default: S3rver } = await import('s3rver');
  extendRouter();
  const server = new S3rver({ silent: true, ...options });
  const address = await server.run();
  return { port: address.port, close: () => server.close() };
}

/** Adds the multipart handling right after s3rver's own signature check, once per process. */
function extendRouter() {
  if (router[EXTENDED]) return;
  const authentication = router.stack.findIndex((layer) => layer.stack.some((fn) => fn.name === 'authentication'));
  if (authentication < 0) throw new Error('s3rver changed: its authentication layer was not found');
  router.use('/:bucket/:key*', multipartUploads);
  const added = router.stack.pop();
  router.stack.splice(authentication + 1, 0, added);
  router[EXTENDED] = true;
}

/** The directory where s3rver keeps a bucket's multipart uploads, one sub-directory per upload. */
const uploadsDir = (ctx, bucket) => ctx.store.getResourcePath(bucket, undefined, 'uploads');

async function multipartUploads(ctx, next) {
  const { bucket, key } = ctx.params;
  if (ctx.method === 'DELETE' && key && 'uploadId' in ctx.query) return abortUpload(ctx, bucket, ctx.query.uploadId);
  if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) return listUploads(ctx, bucket);
  return next();
}

async function abortUpload(ctx, bucket, uploadId) {
  const dir = join(uploadsDir(ctx, bucket), String(uploadId));
  if (!UPLOAD_ID.test(String(uploadId)) || !(await exists(dir))) {
    throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: String(uploadId) });
  }
  await rm(dir, { recursive: true, force: true });
  ctx.status = 204;
}

async function listUploads(ctx, bucket) {
  if (!(await ctx.store.getBucket(bucket))) {
    throw new S3Error('NoSuchBucket', 'The specified bucket does not exist', { BucketName: bucket });
  }
  const prefix = typeof ctx.query.prefix === 'string' ? ctx.query.prefix : '';
  const root = uploadsDir(ctx, bucket);
  const ids = (await exists(root)) ? await readdir(root) : [];
  const uploads = [];
  for (const uploadId of ids.sort()) {
    const dir = join(root, uploadId);
    // A part still being written when its upload was aborted can leave a directory with no key
    // behind: it is listed under an empty key (seen by a listing without prefix) and can be aborted.
    const key = await readFile(join(dir, 'key'), 'utf8').catch(() => '');
    if (!key.startsWith(prefix)) continue;
    const { birthtime } = await stat(dir);
    uploads.push({ Key: key, UploadId: uploadId, Initiated: birthtime.toISOString(), StorageClass: 'STANDARD' });
  }
  ctx.body = {
    ListMultipartUploadsResult: {
      '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
      Bucket: bucket,
      KeyMarker: '',
      UploadIdMarker: '',
      Prefix: prefix,
      MaxUploads: 1000,
      IsTruncated: false,
      ...(uploads.length > 0 ? { Upload: uploads } : {}),
    },
  };
}

async function exists(path) {
  return stat(path).then(
    () => true,
    () => false,
  );
}
