import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Logger as AppLogger } from '@nestjs/common';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { streamToS3, type StreamUploadOptions, type StreamUploadResult } from './multipart-upload.js';

export interface ObjectStorageConfig {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
  forcePathStyle: boolean;
}

export interface StoredObjectInfo {
  key: string;
  size: number;
  contentType: string | undefined;
  etag: string | undefined;
}

export interface ObjectRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive; omitted means "to the end". */
  end?: number;
}

export interface ObjectDownload {
  body: Readable;
  /** Bytes in this response (the range's length for a partial read). */
  contentLength: number;
  /** Size of the whole object. */
  totalSize: number;
  contentType: string | undefined;
  /** Present for a range read: "bytes start-end/total". */
  contentRange: string | undefined;
}

/** S3's largest single PUT. */
const MAX_SINGLE_PUT_BYTES = 5 * 1024 * 1024 * 1024;

/** Parts of 8 MiB, two in flight: an upload holds at most ~16 MiB in memory, whatever its size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Where the SDK's own notices go. Without a logger it writes its warnings to the console as
 * plain text ("An error was encountered in a non-retryable streaming request." when an upload
 * is aborted), breaking the one-JSON-object-per-line log. Its warnings become the app's log
 * lines; its info (every command's input and output) and error (every failed command, also
 * thrown to the caller, who decides what it means) are not logged twice.
 */
const storageLogger = new AppLogger('ObjectStorage');
const SDK_LOGGER = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (...content: unknown[]) => storageLogger.warn(content.map(String).join(' ')),
  error: () => undefined,
};

/**
 * The S3 API, for MinIO, AWS S3 and the local embedded server alike. Everything streams:
 * uploads go up in bounded parts, downloads (with Range) come back as streams.
 */
export class ObjectStorage {
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(config: ObjectStorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Checksums only where the API demands them: the embedded server and older MinIO
      // releases do not understand the aws-chunked trailers the SDK otherwise adds.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      logger: SDK_LOGGER,
    });
  }

  /** Creates the bucket when missing; safe to call from every process at start. */
  async ensureBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      // Another process may have created it between our two calls.
      const name = (error as { name?: string }).name;
      if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw error;
    }
  }

  /** Readiness: the bucket answers. */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** Streams a body of unknown length into the bucket; aborting the signal removes the partial upload. */
  async upload(
    key: string,
    body: Readable | Buffer,
    options: { contentType?: string; signal?: AbortSignal; partSize?: number; partsInFlight?: number } = {},
  ): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType },
      partSize: options.partSize ?? PART_SIZE,
      queueSize: options.partsInFlight ?? QUEUE_SIZE,
      leavePartsOnError: false,
    });
    const abort = () => void upload.abort().catch(() => undefined);
    options.signal?.addEventListener('abort', abort, { once: true });
    try {
      await upload.done();
    } finally {
      options.signal?.removeEventListener('abort', abort);
    }
  }

  /**
   * Stores a local file, read as it goes up. Its length is known, so it is one streaming PUT:
   * no part buffers, and no parts for the server to put together again afterwards (a multipart
   * upload writes every byte twice on MinIO's and s3rver's disks). Over S3's 5 GiB for one PUT it
   * goes up in parts. Aborting the signal stops it; an interrupted PUT leaves no object.
   */
  async uploadFile(
    key: string,
    path: string,
    options: { contentType?: string; signal?: AbortSignal } = {},
  ): Promise<void> {
    const { size } = await stat(path);
    if (size > MAX_SINGLE_PUT_BYTES) {
      await this.upload(key, createReadStream(path), options);
      return;
    }
    const body = createReadStream(path);
    try {
      await this.uploadSized(key, body, size, options);
    } finally {
      body.destroy();
    }
  }

  /**
   * Streams a body whose length is known beforehand (a file, a client's declaration) in one PUT: no part
   * buffers, and no parts for the server to put together again afterwards. The body must end after
   * exactly `size` bytes (the caller checks); a body that errors or an abort of the signal stops
   * the PUT, which then leaves no object.
   */
  async uploadSized(
    key: string,
    body: Readable,
    size: number,
    options: { contentType?: string; signal?: AbortSignal } = {},
  ): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentLength: size,
        ContentType: options.contentType,
      }),
      { abortSignal: options.signal },
    );
  }

  /**
   * Streams a body of unknown length into the bucket through fixed part buffers reused part after
   * part (a shared `buffers` pool caps them process-wide): bounded memory, no per-part garbage.
   * One part goes up while the next fills; a body within one part is a single PUT. A failure or an
   * abort of the signal aborts the multipart upload and leaves no object behind.
   */
  uploadStream(key: string, body: Readable, options: StreamUploadOptions = {}): Promise<StreamUploadResult> {
    return streamToS3(this.client, this.bucket, key, body, options);
  }

  async head(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: Number(head.ContentLength ?? 0), contentType: head.ContentType, etag: head.ETag };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** Streams an object, or the inclusive byte range of it; null when the key does not exist. */
  async download(key: string, range?: ObjectRange): Promise<ObjectDownload | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const contentLength = Number(result.ContentLength ?? 0);
      const totalSize = result.ContentRange ? Number(result.ContentRange.split('/')[1]) : contentLength;
      return {
        body: result.Body as Readable,
        contentLength,
        totalSize,
        contentType: result.ContentType,
        contentRange: result.ContentRange,
      };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /**
   * A time-limited GET URL for one object: ffmpeg and ffprobe read it with HTTP Range requests,
   * fetching only the bytes they need (the index, a few frames) instead of the whole file.
   */
  async presignedGetUrl(key: string, expiresInSeconds = 3600): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
    });
  }

  /** Every key under a prefix, page by page. */
  async listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.NextContinuationToken;
    } while (token);
    return keys;
  }

  /**
   * The multipart uploads started under a prefix and neither completed nor aborted: their parts
   * take space but belong to no object. (The local s3rver lists them too: infra/local/lib/local-s3.mjs.)
   */
  async pendingUploads(prefix: string): Promise<Array<{ key: string; uploadId: string }>> {
    const pending: Array<{ key: string; uploadId: string }> = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.bucket,
          Prefix: prefix,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      for (const upload of page.Uploads ?? []) pending.push({ key: upload.Key ?? '', uploadId: upload.UploadId ?? '' });
      if (!page.IsTruncated) return pending;
      keyMarker = page.NextKeyMarker;
      uploadIdMarker = page.NextUploadIdMarker;
    }
  }

  /** Deleting a missing key is not an error: the goal (no object) is reached. */
  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return (
      error.$metadata.httpStatusCode === 404 ||
      error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.name === 'NoSuchBucket'
    );
  }
  return false;
}

/** Maps the S3_* settings every app shares onto the storage client. */
export function objectStorageFromEnv(config: {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_BUCKET: string;
  S3_FORCE_PATH_STYLE: boolean;
}): ObjectStorage {
  return new ObjectStorage({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    bucket: config.S3_BUCKET,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
