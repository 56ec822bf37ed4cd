import { open } from 'node:fs/promises';

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type ByteReader = (offset: number, length: number) => Promise<Buffer>;

/**
 * True when an MP4/MOV file's index (`moov`) comes before its media data (`mdat`): a browser can
 * then start playing and seeking without fetching the end of the file first ("faststart").
 * Reads only the top-level box headers (16 bytes each), never the media, so it works as well
 * over S3 Range requests as on a local file.
 */
export async function hasIndexFirst(read: ByteReader, size: number): Promise<boolean> {
  let offset = 0;
  while (offset + 8 <= size) {
    const header = await read(offset, 16);
    if (header.length < 8) return false;
    const type = header.toString('latin1', 4, 8);
    if (type === 'moov') return true;
    if (type === 'mdat') return false;
    let boxSize = header.readUInt32BE(0);
    if (boxSize === 1) {
      if (header.length < 16) return false;
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      return false; // the box runs to the end of the file: no moov before it
    }
    if (boxSize < 8) return false;
    offset += boxSize;
  }
  return false;
}

/** hasIndexFirst on a local file. */
export async function fileHasIndexFirst(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    return await hasIndexFirst(async (offset, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, offset);
      return buffer.subarray(0, bytesRead);
    }, size);
  } finally {
    await file.close();
  }
}
