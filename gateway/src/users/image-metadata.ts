import type { ImageType } from './image-type.js';

/**
 * Profile pictures are published to everyone, so what a camera or an editor wrote beside the
 * picture goes before storing: GPS position, camera serials, editing history, comments, colour
 * profiles (they fingerprint devices) and anything appended after the image's end. The picture
 * itself is copied untouched (no re-encoding, no native dependency), so the result is the same
 * image in the same format.
 *
 * Each format is parsed block by block and only blocks needed to show the picture are kept (an
 * allow-list: a new kind of metadata block is dropped too). A structure that does not parse is
 * not a picture of that type: null, and the upload is refused.
 */
export function stripImageMetadata(bytes: Buffer, type: ImageType): Buffer | null {
  try {
    switch (type.extension) {
      case 'jpg':
        return stripJpeg(bytes);
      case 'png':
        return stripPng(bytes);
      case 'webp':
        return stripWebp(bytes);
      case 'gif':
        return stripGif(bytes);
    }
  } catch (error) {
    if (error instanceof MalformedImage) return null;
    throw error;
  }
}

class MalformedImage extends Error {}

function need(condition: boolean): asserts condition {
  if (!condition) throw new MalformedImage();
}

// ---------------------------------------------------------------- JPEG

const SOS = 0xda;
const EOI = 0xd9;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP14 = 0xee;
const COM = 0xfe;
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

/**
 * Keeps the frame, tables and scans, APP0 (JFIF) and APP14 (Adobe: how the colours are coded).
 * Every other APPn (EXIF, XMP, ICC, IPTC, MPF with its extra pictures, maker data) and every COM
 * goes, and so does anything after the end marker. One exception: the EXIF orientation, rebuilt
 * as a fresh segment with that single value, since a phone's portrait photo is stored sideways
 * and only that value turns it upright.
 */
function stripJpeg(bytes: Buffer): Buffer {
  need(bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8);
  const kept: Buffer[] = [bytes.subarray(0, 2)];
  let orientation: number | null = null;
  let pos = 2;
  for (;;) {
    need(pos + 1 < bytes.length && bytes[pos] === 0xff);
    let markerAt = pos + 1;
    while (markerAt < bytes.length && bytes[markerAt] === 0xff) markerAt += 1; // fill bytes
    need(markerAt < bytes.length);
    const marker = bytes[markerAt];
    if (marker === EOI) {
      kept.push(Buffer.from([0xff, EOI]));
      break;
    }
    if (isRestart(marker) || marker === 0x01) {
      kept.push(Buffer.from([0xff, marker]));
      pos = markerAt + 1;
      continue;
    }
    need(markerAt + 2 < bytes.length);
    const end = markerAt + 1 + bytes.readUInt16BE(markerAt + 1);
    need(end <= bytes.length && end >= markerAt + 3);
    const segment = bytes.subarray(markerAt + 1, end);
    if (marker === APP1 && orientation === null) orientation = exifOrientation(segment.subarray(2));
    const isApp = marker >= APP0 && marker <= 0xef;
    if ((!isApp || marker === APP0 || marker === APP14) && marker !== COM) {
      kept.push(Buffer.from([0xff, marker]), segment);
    }
    pos = end;
    if (marker === SOS) {
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      let scanEnd = pos;
      while (
        scanEnd + 1 < bytes.length &&
        !(bytes[scanEnd] === 0xff && bytes[scanEnd + 1] !== 0 && !isRestart(bytes[scanEnd + 1]))
      ) {
        scanEnd += 1;
      }
      need(scanEnd + 1 < bytes.length);
      kept.push(bytes.subarray(pos, scanEnd));
      pos = scanEnd;
    }
  }
  if (orientation !== null && orientation !== 1) kept.splice(frameStart(kept), 0, orientationSegment(orientation));
  return Buffer.concat(kept);
}

/** Where a new APPn segment may go: after SOI and APP0 (JFIF requires its segment first). */
function frameStart(kept: Buffer[]): number {
  return kept[1]?.[1] === APP0 ? 3 : 1;
}

/** The orientation (1..8) in an APP1 Exif payload, or null when it has none or does not parse. */
function exifOrientation(payload: Buffer): number | null {
  if (payload.length < 14 || payload.toString('latin1', 0, 6) !== 'Exif\0\0') return null;
  const tiff = payload.subarray(6);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return null;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return null;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) === 0x0112 && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}

/** An APP1 Exif segment holding nothing but the orientation. */
function orientationSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, APP1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

// ---------------------------------------------------------------- PNG

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Chunks that make up the picture (with APNG's animation chunks). Text (tEXt, iTXt, zTXt),
 * eXIf, iCCP, tIME and any other chunk go, and so does anything after IEND.
 */
const PNG_PICTURE_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'sBIT',
  'bKGD',
  'hIST',
  'pHYs',
  'cICP',
  'mDCV',
  'cLLI',
  'acTL',
  'fcTL',
  'fdAT',
]);

function stripPng(bytes: Buffer): Buffer {
  need(bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE));
  const kept: Buffer[] = [PNG_SIGNATURE];
  let pos = 8;
  for (;;) {
    need(pos + 12 <= bytes.length);
    const length = bytes.readUInt32BE(pos);
    const end = pos + 12 + length;
    need(end <= bytes.length);
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    need(kept.length > 1 || type === 'IHDR');
    if (PNG_PICTURE_CHUNKS.has(type)) kept.push(bytes.subarray(pos, end));
    pos = end;
    if (type === 'IEND') return Buffer.concat(kept);
  }
}

// ---------------------------------------------------------------- WebP

/** Chunks that make up the picture: EXIF, XMP, ICCP and unknown chunks go. */
const WEBP_PICTURE_CHUNKS = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF']);
// VP8X flags announcing the chunks removed here.
const VP8X_ICC = 0x20;
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function stripWebp(bytes: Buffer): Buffer {
  need(bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP');
  const riffEnd = 8 + bytes.readUInt32LE(4);
  need(riffEnd <= bytes.length);
  const kept: Buffer[] = [];
  let pos = 12;
  while (pos < riffEnd) {
    need(pos + 8 <= riffEnd);
    const type = bytes.toString('latin1', pos, pos + 4);
    const size = bytes.readUInt32LE(pos + 4);
    need(pos + 8 + size <= riffEnd);
    if (WEBP_PICTURE_CHUNKS.has(type)) {
      const chunk = Buffer.from(bytes.subarray(pos, pos + 8 + size));
      if (type === 'VP8X') {
        need(size >= 10);
        chunk[8] = chunk[8] & ~(VP8X_ICC | VP8X_EXIF | VP8X_XMP);
      }
      kept.push(chunk);
      if (size % 2 === 1) kept.push(Buffer.alloc(1)); // chunks are padded to an even size
    }
    pos += 8 + size + (size % 2);
  }
  need(kept.some((chunk) => ['VP8 ', 'VP8L', 'ANMF'].includes(chunk.toString('latin1', 0, 4))));
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}

// ---------------------------------------------------------------- GIF

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_TRAILER = 0x3b;
const GRAPHIC_CONTROL = 0xf9;
const PLAIN_TEXT = 0x01;
const APPLICATION = 0xff;
/** The application extensions that only say how often an animation loops. */
const LOOP_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

/**
 * Keeps the screen, colour tables, frames, their timing (graphic control) and the loop count.
 * Comments, other application extensions (XMP, ICC…) and anything after the trailer go.
 */
function stripGif(bytes: Buffer): Buffer {
  need(bytes.length >= 13 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6)));
  const colorTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  let pos = 13 + colorTable(bytes[10]);
  need(pos <= bytes.length);
  const kept: Buffer[] = [bytes.subarray(0, pos)];
  // Data sub-blocks: a size byte, that many bytes, until a zero size.
  const subBlocksEnd = (at: number) => {
    let cursor = at;
    for (;;) {
      need(cursor < bytes.length);
      const size = bytes[cursor];
      cursor += 1 + size;
      if (size === 0) return cursor;
    }
  };
  for (;;) {
    need(pos < bytes.length);
    const block = bytes[pos];
    if (block === GIF_TRAILER) {
      kept.push(Buffer.from([GIF_TRAILER]));
      return Buffer.concat(kept);
    }
    if (block === GIF_IMAGE) {
      need(pos + 10 <= bytes.length);
      const dataAt = pos + 10 + colorTable(bytes[pos + 9]) + 1; // + LZW minimum code size
      const end = subBlocksEnd(dataAt);
      kept.push(bytes.subarray(pos, end));
      pos = end;
      continue;
    }
    need(block === GIF_EXTENSION && pos + 2 < bytes.length);
    const label = bytes[pos + 1];
    const end = subBlocksEnd(pos + 2);
    const keep =
      label === GRAPHIC_CONTROL ||
      label === PLAIN_TEXT ||
      (label === APPLICATION &&
        bytes[pos + 2] === 11 &&
        LOOP_APPLICATIONS.has(bytes.toString('latin1', pos + 3, pos + 14)));
    if (keep) kept.push(bytes.subarray(pos, end));
    pos = end;
  }
}
