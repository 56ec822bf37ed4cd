import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text, buffer } from 'node:stream/consumers';
import { Logger } from '@nestjs/common';
import { testInfra } from '@app/testing';
import { MIN_PART_BYTES, PartBufferPool, streamToS3 } from './multipart-upload.js';
import { objectStorageFromEnv, type ObjectStorage } from './object-storage.js';

let storage: ObjectStorage;
const prefix = `storage-spec/${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  storage = objectStorageFromEnv(testInfra().s3);
  await storage.ensureBucket();
});

afterAll(() => storage?.destroy());

/** A body of unknown length, produced chunk by chunk like an upload arriving from a client. */
function generatedStream(
  totalBytes: number,
  seed: number,
  chunkBytes = 1024 * 1024,
): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= totalBytes) return this.push(null);
      const size = Math.min(chunkBytes, totalBytes - sent);
      const chunk = Buffer.alloc(size, Math.floor(sent / chunkBytes + seed) % 251);
      sent += size;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, sha256: () => hash.digest('hex') };
}

describe('ObjectStorage', () => {
  it('creates its bucket idempotently, even from several callers at once', async () => {
    await Promise.all([storage.ensureBucket(), storage.ensureBucket(), storage.ensureBucket()]);
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('stores a local file in one streaming PUT, byte-exact, with its content type', async () => {
    const key = `${prefix}/file.bin`;
    const dir = await mkdtemp(join(tmpdir(), 'storage-spec-'));
    try {
      const path = join(dir, 'playback.mp4');
      const bytes = randomBytes(9 * 1024 * 1024 + 17); // over a multipart part, still one PUT
      await writeFile(path, bytes);
      await storage.uploadFile(key, path, { contentType: 'video/mp4' });

      expect(await storage.head(key)).toMatchObject({ key, size: bytes.length, contentType: 'video/mp4' });
      const download = await storage.download(key);
      // Compared by digest: a deep equality of 9 MB of bytes takes Jest minutes.
      const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
      expect(sha256(await buffer(download!.body))).toBe(sha256(bytes));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves the previous object in place when a PUT is cut off, and logs the SDK’s notice as a log entry, not console text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'storage-spec-'));
    const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const loggerWarn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      const key = `${prefix}/interrupted.bin`;
      await storage.upload(key, Buffer.from('previous'));
      const path = join(dir, 'big.bin');
      await writeFile(path, randomBytes(64 * 1024 * 1024));
      const abort = new AbortController();
      setTimeout(() => abort.abort(), 30);
      await expect(storage.uploadFile(key, path, { signal: abort.signal })).rejects.toThrow();

      expect(consoleWarn).not.toHaveBeenCalled();
      expect(loggerWarn).toHaveBeenCalledWith('An error was encountered in a non-retryable streaming request.');
      expect(await storage.head(key)).toMatchObject({ size: 'previous'.length });
      expect(await text((await storage.download(key))!.body)).toBe('previous');
    } finally {
      consoleWarn.mockRestore();
      loggerWarn.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('streams a multi-part body of unknown length up and back byte-exact', async () => {
    const key = `${prefix}/large.bin`;
    const size = 20 * 1024 * 1024 + 123; // three 8 MiB parts, the last one short
    const { stream, sha256 } = generatedStream(size, 7);
    await storage.upload(key, stream, { contentType: 'application/octet-stream' });

    expect(await storage.head(key)).toMatchObject({ key, size });
    const download = await storage.download(key);
    expect(download).not.toBeNull();
    const downloaded = createHash('sha256');
    for await (const chunk of download!.body) downloaded.update(chunk as Buffer);
    expect(downloaded.digest('hex')).toBe(sha256());
  });

  it('serves an inclusive byte range with its total size', async () => {
    const key = `${prefix}/range.txt`;
    await storage.upload(key, Buffer.from('0123456789abcdefghij'), { contentType: 'text/plain' });

    const middle = await storage.download(key, { start: 5, end: 9 });
    expect(await text(middle!.body)).toBe('56789');
    expect(middle).toMatchObject({ contentLength: 5, totalSize: 20, contentRange: 'bytes 5-9/20' });

    const tail = await storage.download(key, { start: 15 });
    expect((await buffer(tail!.body)).toString()).toBe('fghij');
    expect(tail).toMatchObject({ contentLength: 5, totalSize: 20 });
  });

  it('reports a missing object as null and deletes idempotently', async () => {
    const key = `${prefix}/gone.txt`;
    await storage.upload(key, Buffer.from('bye'));
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.download(key)).toBeNull();
  });
});

/** The sha256 of a stored object, read back as a stream. */
async function storedSha256(key: string): Promise<string> {
  const download = await storage.download(key);
  expect(download).not.toBeNull();
  const hash = createHash('sha256');
  for await (const chunk of download!.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A client on the same server that records every command it sends (name and upload id). */
function recordingClient(): { client: S3Client; sent: Array<{ command: string; uploadId?: string }> } {
  const s3 = testInfra().s3;
  const client = new S3Client({
    endpoint: s3.S3_ENDPOINT,
    region: s3.S3_REGION,
    forcePathStyle: s3.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: s3.S3_ACCESS_KEY_ID, secretAccessKey: s3.S3_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const sent: Array<{ command: string; uploadId?: string }> = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push({ command: context.commandName ?? '?', uploadId: (args.input as { UploadId?: string }).UploadId });
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return { client, sent };
}

/**
 * The multipart uploads still pending under a key: MinIO and S3 list them, and so does the local
 * s3rver `npm test` starts (infra/local/lib/local-s3.mjs teaches it the call).
 */
async function pendingUploads(client: S3Client, key: string): Promise<string[]> {
  const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: storage.bucket, Prefix: key }));
  return (listed.Uploads ?? []).map((upload) => upload.UploadId ?? '');
}

/** Sends `failAt` bytes, then (when `failAt` is reached) calls `onStall` and sends nothing more. */
function stallingStream(failAt: number, onStall: (stream: Readable) => void): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= failAt) return onStall(this);
      const size = Math.min(256 * 1024, failAt - sent);
      sent += size;
      this.push(randomBytes(size));
    },
  });
}

describe('ObjectStorage.uploadStream', () => {
  it('streams a multi-part body through two reused part buffers, byte-exact', async () => {
    const key = `${prefix}/stream-large.bin`;
    const size = 2 * MIN_PART_BYTES + 321; // parts of 5 MiB, 5 MiB and 321 bytes
    // Chunks that do not divide the part size, so chunks straddle the part boundaries.
    const { stream, sha256 } = generatedStream(size, 11, 777_777);
    const buffers = new PartBufferPool({ maxBuffers: 2 });

    const result = await storage.uploadStream(key, stream, { contentType: 'video/mp4', buffers });

    expect(result).toEqual({ bytes: size, parts: 3 });
    expect(await storage.head(key)).toMatchObject({ key, size, contentType: 'video/mp4' });
    expect(await storedSha256(key)).toBe(sha256());
    expect(buffers.stats).toEqual({ allocated: 2, idle: 2, waiting: 0 });
  });

  it('puts a body within one part in a single PUT, an empty one too', async () => {
    const small = `${prefix}/stream-small.bin`;
    const { stream, sha256 } = generatedStream(300 * 1024 + 5, 3, 64 * 1024);
    await expect(storage.uploadStream(small, stream, { contentType: 'text/plain' })).resolves.toEqual({
      bytes: 300 * 1024 + 5,
      parts: 0,
    });
    expect(await storage.head(small)).toMatchObject({ size: 300 * 1024 + 5, contentType: 'text/plain' });
    expect(await storedSha256(small)).toBe(sha256());

    const exact = `${prefix}/stream-one-part.bin`;
    const onePart = generatedStream(MIN_PART_BYTES, 5);
    await expect(storage.uploadStream(exact, onePart.stream)).resolves.toEqual({ bytes: MIN_PART_BYTES, parts: 0 });
    expect(await storedSha256(exact)).toBe(onePart.sha256());

    const empty = `${prefix}/stream-empty.bin`;
    await expect(storage.uploadStream(empty, Readable.from([]))).resolves.toEqual({ bytes: 0, parts: 0 });
    expect(await storage.head(empty)).toMatchObject({ size: 0 });
  });

  it('shares a capped pool between concurrent uploads without deadlock', async () => {
    const buffers = new PartBufferPool({ maxBuffers: 1 });
    const bodies = [0, 1, 2].map((i) => ({
      key: `${prefix}/stream-shared-${i}.bin`,
      ...generatedStream(11 * 1024 * 1024, i),
    }));

    const results = await Promise.all(bodies.map((b) => storage.uploadStream(b.key, b.stream, { buffers })));

    expect(results.map((r) => r.parts)).toEqual([3, 3, 3]);
    for (const body of bodies) expect(await storedSha256(body.key)).toBe(body.sha256());
    expect(buffers.stats).toEqual({ allocated: 1, idle: 1, waiting: 0 });
  });

  it('on abort leaves no object and no pending multipart upload, and gives its buffers back', async () => {
    const key = `${prefix}/stream-aborted.bin`;
    const { client, sent } = recordingClient();
    const abort = new AbortController();
    const buffers = new PartBufferPool({ maxBuffers: 2 });
    // Two parts' worth and a bit: the first part has gone up, the second is filling; then the
    // client goes quiet and the upload is aborted (as the gateway does when a request is cut off).
    let pendingWhileStalled: string[] | undefined;
    const source = stallingStream(2 * MIN_PART_BYTES + 1000, () =>
      setTimeout(() => {
        if (abort.signal.aborted || pendingWhileStalled) return;
        void pendingUploads(client, key).then((pending) => {
          pendingWhileStalled ??= pending;
          abort.abort();
        });
      }, 200),
    );

    try {
      await expect(
        streamToS3(client, storage.bucket, key, source, { signal: abort.signal, buffers }),
      ).rejects.toMatchObject({ name: 'AbortError' });

      const commands = sent.map((s) => s.command);
      expect(commands).toEqual(expect.arrayContaining(['CreateMultipartUploadCommand', 'UploadPartCommand']));
      expect(commands).not.toContain('CompleteMultipartUploadCommand');
      const uploadId = sent.find((s) => s.command === 'UploadPartCommand')?.uploadId;
      expect(sent.at(-1)).toEqual({ command: 'AbortMultipartUploadCommand', uploadId });
      expect(await storage.head(key)).toBeNull();
      // The upload was pending while the client was quiet, and is gone after the abort.
      expect(pendingWhileStalled).toEqual([uploadId]);
      expect(await pendingUploads(client, key)).toEqual([]);
      expect(source.destroyed).toBe(true);
      expect(buffers.stats).toMatchObject({ idle: buffers.stats.allocated, waiting: 0 });
    } finally {
      client.destroy();
    }
  });

  it('fails with the source’s error, aborting the multipart upload, and with an already aborted signal', async () => {
    const key = `${prefix}/stream-broken.bin`;
    const { client, sent } = recordingClient();
    const broken = new Error('client went away');
    const source = stallingStream(MIN_PART_BYTES + 300 * 1024, (stream) => stream.destroy(broken));

    try {
      await expect(streamToS3(client, storage.bucket, key, source)).rejects.toBe(broken);
      expect(sent.at(-1)?.command).toBe('AbortMultipartUploadCommand');
      expect(await storage.head(key)).toBeNull();

      const aborted = AbortSignal.abort();
      await expect(
        storage.uploadStream(`${prefix}/stream-never.bin`, Readable.from([Buffer.from('x')]), { signal: aborted }),
      ).rejects.toMatchObject({ name: 'AbortError' });
      expect(await storage.head(`${prefix}/stream-never.bin`)).toBeNull();
    } finally {
      client.destroy();
    }
  });
});
