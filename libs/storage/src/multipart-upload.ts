import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
  type CompletedPart,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';

/** S3's smallest part: every part but the last must be at least this big. */
export const MIN_PART_BYTES = 5 * 1024 * 1024;
/** S3's largest part. */
const MAX_PART_BYTES = 5 * 1024 * 1024 * 1024;
/** S3's most parts in one multipart upload. */
const MAX_PARTS = 10_000;

export interface PartBufferPoolOptions {
  /** Bytes per part buffer; S3 needs at least 5 MiB. Default 5 MiB. */
  partBytes?: number;
  /** The most buffers ever allocated; an acquire beyond it waits for a release. */
  maxBuffers: number;
}

/**
 * Fixed-size part buffers, allocated once (outside the small-buffer pool) on first need and then
 * reused for the life of the process: the memory of every upload sharing the pool is capped at
 * `partBytes × maxBuffers`, and no part allocates or leaves garbage behind. An upload holds at
 * most two buffers (one filling, one going up) and needs only one to make progress, so any
 * `maxBuffers` of 1 or more is free of deadlock; uploads beyond the cap wait, not reading their
 * source, so their clients are held back by TCP flow control.
 */
export class PartBufferPool {
  readonly partBytes: number;
  readonly maxBuffers: number;
  private allocated = 0;
  private readonly idle: Buffer[] = [];
  private readonly waiting: Array<(buffer: Buffer) => void> = [];

  constructor(options: PartBufferPoolOptions) {
    this.partBytes = options.partBytes ?? MIN_PART_BYTES;
    this.maxBuffers = options.maxBuffers;
    if (!Number.isSafeInteger(this.partBytes) || this.partBytes < MIN_PART_BYTES || this.partBytes > MAX_PART_BYTES) {
      throw new RangeError(`partBytes must be an integer from ${MIN_PART_BYTES} to ${MAX_PART_BYTES}`);
    }
    if (!Number.isSafeInteger(this.maxBuffers) || this.maxBuffers < 1) {
      throw new RangeError('maxBuffers must be a positive integer');
    }
  }

  /** A free buffer (its content is whatever was last written to it); waits while all are taken. */
  acquire(signal?: AbortSignal): Promise<Buffer> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    const ready = this.idle.pop() ?? (this.allocated < this.maxBuffers ? this.allocate() : undefined);
    if (ready) return Promise.resolve(ready);
    return new Promise<Buffer>((resolve, reject) => {
      const waiter = (buffer: Buffer) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(buffer);
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(abortReason(signal!));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  /** Gives a buffer back: to the longest waiting acquire, else to the idle list. */
  release(buffer: Buffer): void {
    if (buffer.length !== this.partBytes) throw new RangeError('This buffer does not belong to the pool');
    const next = this.waiting.shift();
    if (next) next(buffer);
    else this.idle.push(buffer);
  }

  /** For metrics and tests. */
  get stats(): { allocated: number; idle: number; waiting: number } {
    return { allocated: this.allocated, idle: this.idle.length, waiting: this.waiting.length };
  }

  private allocate(): Buffer {
    this.allocated += 1;
    return Buffer.allocUnsafeSlow(this.partBytes);
  }
}

export interface StreamUploadOptions {
  contentType?: string;
  /** Aborting stops the upload: nothing is left behind (no object, no pending parts). */
  signal?: AbortSignal;
  /** Part size when no `buffers` pool is given (the pool's size otherwise). Default 5 MiB. */
  partBytes?: number;
  /** Shared part buffers, e.g. a process-wide cap; without it two are allocated for this upload. */
  buffers?: PartBufferPool;
}

export interface StreamUploadResult {
  /** Bytes read from the source and stored. */
  bytes: number;
  /** Parts of the multipart upload; 0 when the body fitted one part and went up in a single PUT. */
  parts: number;
}

/**
 * Streams a body of unknown length into S3 through at most two fixed part buffers, double-buffered:
 * one part goes up while the next fills from the source, and the source is not read while both
 * are busy (backpressure). Chunks are copied into the buffer, never kept. A body that fits one part
 * goes up in a single PutObject; a larger one as a multipart upload. On any failure (the source's,
 * S3's or the abort signal) the multipart upload is aborted, the source destroyed and the first
 * cause thrown.
 */
export async function streamToS3(
  client: S3Client,
  bucket: string,
  key: string,
  source: Readable,
  options: StreamUploadOptions = {},
): Promise<StreamUploadResult> {
  const pool = options.buffers ?? new PartBufferPool({ partBytes: options.partBytes, maxBuffers: 2 });
  if (options.partBytes !== undefined && options.partBytes !== pool.partBytes) {
    throw new RangeError(`partBytes ${options.partBytes} differs from the pool's ${pool.partBytes}`);
  }
  const partBytes = pool.partBytes;
  const object = { Bucket: bucket, Key: key };

  // One signal for all the work in flight: the caller's abort, or the first failure.
  const controller = new AbortController();
  const signal = controller.signal;
  const stop = (reason: unknown) => {
    if (!signal.aborted) controller.abort(reason);
  };
  const callerSignal = options.signal;
  const onCallerAbort = () => stop(abortReason(callerSignal!));
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  const reader = new ChunkReader(source, signal);
  const held = new Set<Buffer>();
  const take = async () => {
    const buffer = await pool.acquire(signal);
    held.add(buffer);
    return buffer;
  };
  const give = (buffer: Buffer) => {
    if (held.delete(buffer)) pool.release(buffer);
  };

  let uploadId: string | undefined;
  const parts: CompletedPart[] = [];
  // The part going up. It never rejects: a failure aborts `signal`, which every wait observes.
  let sending: Promise<void> = Promise.resolve();
  let bytes = 0;

  const sendPart = (buffer: Buffer, length: number) => {
    const PartNumber = parts.length + 1;
    if (PartNumber > MAX_PARTS)
      throw new RangeError(`The body needs more than ${MAX_PARTS} parts of ${partBytes} bytes`);
    parts.push({ PartNumber });
    const command = new UploadPartCommand({
      ...object,
      UploadId: uploadId,
      PartNumber,
      Body: buffer.subarray(0, length),
      ContentLength: length,
    });
    sending = client
      .send(command, { abortSignal: signal })
      .then(
        (output) => {
          parts[PartNumber - 1] = { PartNumber, ETag: output.ETag };
        },
        (error: unknown) => stop(error),
      )
      // Only once its request is over (retries included) is the buffer free to refill.
      .finally(() => give(buffer));
  };

  // The commit (PutObject or CompleteMultipartUpload) is not interrupted halfway, where whether the
  // object exists would be unknown; an abort that arrives meanwhile removes what it made.
  const commit = async (send: () => Promise<unknown>) => {
    await send();
    if (signal.aborted) {
      await client.send(new DeleteObjectCommand(object)).catch(() => undefined);
      throw signal.reason;
    }
  };

  try {
    // A buffer is taken only when bytes for it arrive: a source that has sent nothing holds none.
    let buffer: Buffer | undefined;
    let filled = 0;
    for (let chunk = await reader.next(); chunk; chunk = await reader.next()) {
      bytes += chunk.length;
      for (let offset = 0; offset < chunk.length;) {
        if (buffer === undefined) {
          buffer = await take();
        } else if (filled === partBytes) {
          // A full part with more to come: it goes up while the next one fills.
          if (uploadId === undefined) {
            // Not abortable midway, so the upload id is always known and can be aborted.
            const created = await client.send(
              new CreateMultipartUploadCommand({ ...object, ContentType: options.contentType }),
            );
            if (!created.UploadId) throw new Error('CreateMultipartUpload returned no UploadId');
            uploadId = created.UploadId;
          }
          await sending;
          signal.throwIfAborted();
          sendPart(buffer, filled);
          buffer = await take();
          filled = 0;
        }
        const copied = chunk.copy(buffer, filled, offset);
        filled += copied;
        offset += copied;
      }
    }

    if (uploadId === undefined) {
      const put = new PutObjectCommand({
        ...object,
        Body: buffer ? buffer.subarray(0, filled) : Buffer.alloc(0),
        ContentLength: filled,
        ContentType: options.contentType,
      });
      signal.throwIfAborted();
      await commit(() => client.send(put));
      return { bytes, parts: 0 };
    }

    await sending;
    signal.throwIfAborted();
    sendPart(buffer!, filled); // the last part: never empty, a part is only sent once more bytes follow
    await sending;
    signal.throwIfAborted();
    const complete = new CompleteMultipartUploadCommand({
      ...object,
      UploadId: uploadId,
      MultipartUpload: { Parts: parts },
    });
    await commit(() => client.send(complete));
    return { bytes, parts: parts.length };
  } catch (error) {
    const cause: unknown = signal.aborted ? signal.reason : error;
    stop(cause);
    source.destroy();
    await sending; // its request is aborted; its buffer must not be refilled while the socket may still read it
    if (uploadId !== undefined) {
      await client.send(new AbortMultipartUploadCommand({ ...object, UploadId: uploadId })).catch(() => undefined);
    }
    throw cause;
  } finally {
    callerSignal?.removeEventListener('abort', onCallerAbort);
    reader.dispose();
    for (const buffer of [...held]) give(buffer);
  }
}

/**
 * Pulls chunks from a readable in paused mode, one `read()` at a time, so the source is read only
 * as fast as the uploader asks; an abort of `signal` ends a wait at once.
 */
class ChunkReader {
  private wake: (() => void) | undefined;
  private failure: { error: unknown } | undefined;
  private readonly onEvent = () => {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  };
  private readonly onError = (error: unknown) => {
    this.failure ??= { error };
    this.onEvent();
  };

  constructor(
    private readonly source: Readable,
    private readonly signal: AbortSignal,
  ) {
    source.on('readable', this.onEvent);
    source.on('end', this.onEvent);
    source.on('close', this.onEvent);
    source.on('error', this.onError);
    signal.addEventListener('abort', this.onEvent);
  }

  /** The next chunk, or null at the end of the source. */
  async next(): Promise<Buffer | null> {
    for (;;) {
      this.signal.throwIfAborted();
      if (this.failure) throw this.failure.error;
      const chunk = this.source.read() as unknown;
      if (chunk !== null) return toBuffer(chunk);
      if (this.source.readableEnded) return null;
      if (this.source.destroyed) {
        throw (
          this.source.errored ?? Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })
        );
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  dispose(): void {
    this.source.off('readable', this.onEvent);
    this.source.off('end', this.onEvent);
    this.source.off('close', this.onEvent);
    this.source.off('error', this.onError);
    this.signal.removeEventListener('abort', this.onEvent);
  }
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk);
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError('The upload body must be a stream of bytes');
}

/** Why a signal was aborted, as an Error (an AbortError when no reason was given). */
function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}
