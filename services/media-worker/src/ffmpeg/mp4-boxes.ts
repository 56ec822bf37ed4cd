import { open } from 'node:fs/promises';

/**
 * True when an MP4/MOV file's index (`moov`) comes before its media data (`mdat`): a browser can
 * then start playing and seeking without fetching the end of the file first ("faststart").
 * Reads only the top-level box headers, never the media.
 */
export async function hasIndexFirst(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= size) {
      const { bytesRead } = await file.read(header, 0, 16, offset);
      if (bytesRead < 8) return false;
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return false;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return false; // the box runs to the end of the file: no moov before it
      }
      if (boxSize < 8) return false;
      offset += boxSize;
    }
    return false;
  } finally {
    await file.close();
  }
}
