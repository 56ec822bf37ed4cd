import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { text, buffer } from 'node:stream/consumers';
import { testInfra } from '@app/testing';
import { objectStorageFromEnv, type ObjectStorage } from './object-storage.js';

let storage: ObjectStorage;
const prefix = `storage-spec/${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  storage = objectStorageFromEnv(testInfra().s3);
  await storage.ensureBucket();
});

afterAll(() => storage?.destroy());

/** A body of unknown length, produced chunk by chunk like an upload arriving from a client. */
function generatedStream(totalBytes: number, seed: number): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= totalBytes) return this.push(null);
      const size = Math.min(1024 * 1024, totalBytes - sent);
      const chunk = Buffer.alloc(size, (sent / (1024 * 1024) + seed) % 251);
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
