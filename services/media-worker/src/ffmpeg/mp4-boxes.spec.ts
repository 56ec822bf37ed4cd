import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileHasIndexFirst } from './mp4-boxes.js';

const box = (type: string, payload = 8) => {
  const buffer = Buffer.alloc(8 + payload);
  buffer.writeUInt32BE(8 + payload, 0);
  buffer.write(type, 4, 'latin1');
  return buffer;
};

async function check(...boxes: Buffer[]): Promise<boolean> {
  const dir = await mkdtemp(join(tmpdir(), 'boxes-'));
  try {
    const path = join(dir, 'file.mp4');
    await writeFile(path, Buffer.concat(boxes));
    return await fileHasIndexFirst(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('fileHasIndexFirst (hasIndexFirst over a file)', () => {
  it('is true when moov precedes mdat', async () => {
    expect(await check(box('ftyp'), box('moov', 100), box('mdat', 1000))).toBe(true);
  });

  it('is false when mdat comes first (a plain ffmpeg or camera file)', async () => {
    expect(await check(box('ftyp'), box('free'), box('mdat', 1000), box('moov', 100))).toBe(false);
  });

  it('is false for a truncated or malformed file', async () => {
    expect(await check(box('ftyp').subarray(0, 6))).toBe(false);
    const zeroSized = box('ftyp');
    zeroSized.writeUInt32BE(3, 0);
    expect(await check(zeroSized, box('moov'))).toBe(false);
  });
});
