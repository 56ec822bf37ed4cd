// The local S3 API (s3rver) that `npm run up` and `npm test` start when no other is given, taught
// the two multipart calls it lacks: AbortMultipartUpload (s3rver answers 405 and keeps the parts
// of an abandoned upload on disk for ever, up to 100 MB for each upload a member cancels) and
// ListMultipartUploads (NotImplemented), so the local store, like MinIO and S3, removes and lists
// pending uploads, and tests can check none is left behind. A PUT cut off before its last byte
// stores nothing, as on MinIO and S3 (s3rver kept the bytes it had, over the previous object).
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const require = createRequire(import.meta.url);
/** s3rver's router: one instance shared by every server in the process. */
const router = require('s3rver/lib/routes.js');
const S3Error = require('s3rver/lib/models/error.js');
const FilesystemStore = require('s3rver/lib/stores/filesystem.js');

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
  FilesystemStore.prototype.putObject = putObjectWhole(FilesystemStore.prototype.putObject);
  router[EXTENDED] = true;
}

/**
 * s3rver writes a PUT's body straight into the object's file, so a client that stops half-way
 * (an aborted upload, a worker stopped mid-PUT) leaves a truncated object, over the one that was
 * there. Here the body goes to a side file, invisible to listings and reads, that takes the
 * object's place only once the whole request has arrived.
 */
function putObjectWhole(putObject) {
  return async function putObjectAtomically(object) {
    if (!(object.content instanceof IncomingMessage)) return putObject.call(this, object);
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await mkdir(dirname(objectPath), { recursive: true });
    const partial = `${objectPath}.${randomBytes(6).toString('hex')}.partial`;
    const md5 = createHash('md5');
    let size = 0;
    const measure = new Transform({
      transform(chunk, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(object.content, measure, createWriteStream(partial));
      if (!object.content.complete) throw new Error('the request ended before its body');
      await rename(partial, objectPath);
    } catch (error) {
      await rm(partial, { force: true });
      throw new S3Error(
        'IncompleteBody',
        'You did not provide the number of bytes specified by the Content-Length HTTP header.',
        {
          Detail: error instanceof Error ? error.message : String(error),
        },
      );
    }
    const digest = md5.digest('hex');
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
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
