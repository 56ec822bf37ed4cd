import { BadRequestException, HttpException, HttpStatus } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { VIDEO_LIMITS, VIDEO_UPLOAD_MESSAGES, type StoredUpload } from '@app/contracts';
import { PartBufferPool, type ObjectStorage } from '@app/storage';
import { SNIFF_BYTES, sniffVideoContainer } from './video-container.js';

export interface IngestedUpload {
  /** The multipart text fields, as sent. */
  fields: Record<string, string>;
  upload?: StoredUpload;
}

/** S3's smallest multipart part. */
const INGEST_PART_BYTES = 5 * 1024 * 1024;

/**
 * The part buffers of every upload this gateway ingests at once: allocated on first use, then
 * reused part after part, so part memory stays at most 5 × 5 MiB however many uploads arrive.
 * An upload copies its body into one buffer while its previous part goes up from another when one
 * is free; otherwise it waits for a buffer without reading its body (TCP holds its client back).
 * Uploads take turns part by part, and five concurrent 100 MB uploads (bench:upload) ingest no
 * slower than with two buffers each.
 */
const INGEST_BUFFERS = new PartBufferPool({ partBytes: INGEST_PART_BYTES, maxBuffers: 5 });

/**
 * A declared body larger than this cannot carry a file within the limit (1 MB is ample for the
 * multipart framing and the text fields): refused before a byte of it is read.
 */
const MAX_DECLARED_BODY_BYTES = VIDEO_LIMITS.uploadMaxBytes + 1024 * 1024;

/** How often an upload's pace is looked at. */
const RATE_CHECK_MS = 1_000;

export interface IngestOptions {
  /**
   * Called when the file part starts, before any byte is stored: takes what a stored upload
   * needs (the member's upload slot, the upload intent) and answers the object key to store
   * under. A rejection refuses the upload with that error.
   */
  prepareObject: () => Promise<string>;
  /**
   * A client that sends less than `bytesPerSecond` on average over `windowMs` is cut off (408):
   * it would otherwise hold a part buffer other uploads wait for (a byte every few seconds
   * would do). Only time spent waiting for the client counts, never time the client waits for
   * us (a full buffer pool pauses reading).
   */
  minRate: { bytesPerSecond: number; windowMs: number };
}

/**
 * The multipart field a client sends before the file to say its length in bytes (the web app
 * does): the file then goes to storage in one streaming PUT instead of a multipart upload. Without
 * it the length is unknown until the last byte, and the file goes up in parts.
 */
export const VIDEO_SIZE_FIELD = 'videoSize';

const noop = () => undefined;
const sizeMismatch = () =>
  new BadRequestException({ message: `The video file's length did not match its ${VIDEO_SIZE_FIELD}` });
const tooLarge = () => new HttpException({ message: VIDEO_UPLOAD_MESSAGES.fileTooLarge }, HttpStatus.PAYLOAD_TOO_LARGE);
const invalidFile = () => new BadRequestException({ message: VIDEO_UPLOAD_MESSAGES.invalidFile });
const tooSlow = ({ bytesPerSecond, windowMs }: IngestOptions['minRate']) => {
  const rate = bytesPerSecond >= 1024 ? `${Math.round(bytesPerSecond / 1024)} KiB` : `${bytesPerSecond} bytes`;
  return new HttpException(
    {
      message: `The upload was too slow: less than ${rate} per second arrived over ${Math.round(windowMs / 1000)} seconds. Please try again on a faster connection.`,
    },
    HttpStatus.REQUEST_TIMEOUT,
  );
};

/**
 * Streams a multipart upload's `video` file straight into object storage: never held whole in
 * memory or on disk. In the same pass it computes the sha256 and the byte count, checks the
 * first bytes are a video container, and cuts the stream at 100 MB; on any failure the partial
 * object is removed and the error says why (413 over the limit, 408 too slow, 400 otherwise).
 */
export function ingestVideoUpload(
  req: Request,
  storage: ObjectStorage,
  options: IngestOptions,
): Promise<IngestedUpload> {
  if (!req.is('multipart/form-data')) {
    return Promise.reject(new BadRequestException({ message: 'The upload must be a multipart/form-data body' }));
  }
  if (Number(req.headers['content-length']) > MAX_DECLARED_BODY_BYTES) {
    // Nothing was read: closing the connection after the answer spares the client sending the rest.
    req.res?.setHeader('Connection', 'close');
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const abort = new AbortController();
    let storing: Promise<StoredUpload> | undefined;
    let objectKey: string | undefined;
    let failure: Error | undefined;
    let settled = false;

    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      failure = error;
      abort.abort();
      req.unpipe(parser);
      req.resume(); // let the rest of the body drain so the client can read the answer
      // The upload stops on the abort; the partial object is removed once it has (a PUT still
      // landing after the delete would otherwise leave it behind).
      const stopped = storing ? storing.then(noop, noop) : Promise.resolve();
      const key = objectKey;
      const cleanup = stopped.then(() => (key ? storage.delete(key).catch(noop) : undefined));
      void cleanup.then(() => reject(error));
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 10, fieldSize: 64 * 1024, fileSize: VIDEO_LIMITS.uploadMaxBytes },
      });
    } catch {
      reject(new BadRequestException({ message: 'The upload must be a multipart/form-data body' }));
      return;
    }

    parser.on('field', (name, value) => {
      fields[name] = value;
    });

    parser.on('file', (name, file) => {
      if (name !== 'video') {
        file.resume();
        fail(new BadRequestException({ message: 'Send the video file in the "video" field' }));
        return;
      }
      const declared = fields[VIDEO_SIZE_FIELD] === undefined ? null : Number(fields[VIDEO_SIZE_FIELD]);
      if (declared !== null && !(Number.isSafeInteger(declared) && declared > 0)) {
        file.resume();
        fail(new BadRequestException({ message: `${VIDEO_SIZE_FIELD} must be the video file's length in bytes` }));
        return;
      }
      if (declared !== null && declared > VIDEO_LIMITS.uploadMaxBytes) {
        // Refused before a byte of the file is stored; the rest of the body is not wanted.
        file.resume();
        req.res?.setHeader('Connection', 'close');
        fail(tooLarge());
        return;
      }
      const inspector = new UploadInspector(declared);
      file.on('limit', () => fail(tooLarge()));
      inspector.on('error', (error: Error) => fail(error));
      file.pipe(inspector);
      // A small file may have arrived whole (and its stream closed) while the key was prepared.
      let fileClosed = false;
      let paceCheck: NodeJS.Timeout | undefined;
      const stopPaceCheck = () => clearInterval(paceCheck);
      file.once('close', () => {
        fileClosed = true;
        stopPaceCheck();
      });
      abort.signal.addEventListener('abort', stopPaceCheck, { once: true });
      // Only time spent waiting for the client counts towards a window, so a client we hold back
      // (every part buffer busy) is never cut for it.
      const watchPace = () => {
        if (fileClosed) return;
        const { bytesPerSecond, windowMs } = options.minRate;
        let waitedMs = 0;
        let bytesAtWindowStart = inspector.byteCount;
        paceCheck = setInterval(() => {
          if (settled) return stopPaceCheck();
          const waitingForClient =
            file.readableLength === 0 && inspector.writableLength === 0 && inspector.readableLength === 0;
          if (!waitingForClient) return;
          waitedMs += RATE_CHECK_MS;
          if (waitedMs < windowMs) return;
          if (inspector.byteCount - bytesAtWindowStart < (bytesPerSecond * windowMs) / 1000) {
            // A slow client would keep trickling into a drained body: the answer ends the connection.
            if (!req.res?.headersSent) req.res?.setHeader('Connection', 'close');
            fail(tooSlow(options.minRate));
          }
          waitedMs = 0;
          bytesAtWindowStart = inspector.byteCount;
        }, RATE_CHECK_MS);
      };
      // fail() may have answered meanwhile (a bad first chunk while the key was being prepared).
      const throwIfFailed = () => {
        if (failure) throw failure;
      };
      storing = options.prepareObject().then(async (key) => {
        throwIfFailed();
        objectKey = key;
        watchPace();
        if (declared !== null) await storage.uploadSized(key, inspector, declared, { signal: abort.signal });
        else await storage.uploadStream(key, inspector, { signal: abort.signal, buffers: INGEST_BUFFERS });
        throwIfFailed();
        if (inspector.byteCount === 0) throw new BadRequestException({ message: VIDEO_UPLOAD_MESSAGES.fileRequired });
        return {
          objectKey: key,
          sha256: inspector.sha256(),
          sizeBytes: inspector.byteCount,
          mimeType: inspector.container ?? 'application/octet-stream',
        };
      });
      storing.catch((error: unknown) => fail(error instanceof Error ? error : new Error(String(error))));
    });

    // A second file would be skipped silently while its bytes still arrive: refused instead.
    parser.on('filesLimit', () => fail(new BadRequestException({ message: 'Send one video file per upload' })));

    parser.on('error', () => fail(new BadRequestException({ message: 'The upload was cut off or malformed' })));
    parser.on('close', () => {
      if (settled) return;
      if (!storing) {
        settled = true;
        resolve({ fields });
        return;
      }
      storing.then(
        (upload) => {
          if (settled) return;
          settled = true;
          resolve({ fields, upload });
        },
        () => undefined, // fail() has answered
      );
    });
    // The member cancelled or lost the connection mid-body: everything stored so far is removed.
    const interrupted = () => fail(new BadRequestException({ message: 'The upload was interrupted' }));
    req.on('aborted', interrupted);
    req.once('close', () => {
      if (!req.complete) interrupted();
    });
    req.pipe(parser);
  });
}

/**
 * Passes bytes through while hashing, counting and checking the container of the first bytes;
 * with a declared length, fails as soon as the file runs over it or ends short of it (the PUT
 * sent that length, and must not wait for bytes that never come).
 */
class UploadInspector extends Transform {
  // Not `size`: lib-storage reads a body's `size` as its total length and would expect no parts.
  byteCount = 0;
  container: string | null = null;
  private readonly hash = createHash('sha256');
  private head: Buffer = Buffer.alloc(0);
  private checked = false;

  constructor(private readonly declaredBytes: number | null) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.byteCount += chunk.length;
    if (this.declaredBytes !== null && this.byteCount > this.declaredBytes) return done(sizeMismatch());
    this.hash.update(chunk);
    if (!this.checked) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES)]);
      if (this.head.length >= SNIFF_BYTES) {
        this.checked = true;
        this.container = sniffVideoContainer(this.head);
        if (!this.container) return done(invalidFile());
      }
    }
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    if (!this.checked && this.byteCount > 0) return done(invalidFile());
    if (this.declaredBytes !== null && this.byteCount !== this.declaredBytes) return done(sizeMismatch());
    done();
  }

  sha256(): string {
    return this.hash.digest('hex');
  }
}
