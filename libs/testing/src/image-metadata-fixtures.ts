import { crc32, deflateSync } from 'node:zlib';

// Pictures carrying the metadata a phone or an editor writes, to check it never gets published.
// Pure byte surgery on a given picture, so unit specs may use it (`@app/testing/unit`).

/** What the fixtures plant, so a test can search the bytes for each of them. */
export const PLANTED_METADATA = {
  /** In the EXIF description, XMP, IPTC, comments, PNG text and appended data. */
  text: 'SECRET-HOME-ADDRESS',
  /** The GPS latitude 48° 51′ 29.52″ N and longitude 2° 17′ 40.2″ E as EXIF writes them (big-endian rationals). */
  latitude: rationals([48, 1], [51, 1], [2952, 100]),
  longitude: rationals([2, 1], [17, 1], [402, 10]),
} as const;

function rationals(...values: [number, number][]): Buffer {
  const out = Buffer.alloc(values.length * 8);
  values.forEach(([numerator, denominator], i) => {
    out.writeUInt32BE(numerator, i * 8);
    out.writeUInt32BE(denominator, i * 8 + 4);
  });
  return out;
}

interface IfdEntry {
  tag: number;
  type: 2 | 3 | 4 | 5; // ASCII, SHORT, LONG, RATIONAL
  count: number;
  /** Inline value (SHORT/LONG) or the bytes stored elsewhere. */
  value: number | Buffer;
}

/** A TIFF structure (big-endian) as EXIF embeds it: IFD0 with a description, maybe an orientation, and a GPS IFD. */
function exifTiff(orientation?: number): Buffer {
  const description = Buffer.from(`${PLANTED_METADATA.text}\0`, 'latin1');
  const gps: IfdEntry[] = [
    { tag: 0x0001, type: 2, count: 2, value: Buffer.from('N\0\0\0', 'latin1') },
    { tag: 0x0002, type: 5, count: 3, value: PLANTED_METADATA.latitude },
    { tag: 0x0003, type: 2, count: 2, value: Buffer.from('E\0\0\0', 'latin1') },
    { tag: 0x0004, type: 5, count: 3, value: PLANTED_METADATA.longitude },
  ];
  const ifd0: IfdEntry[] = [
    { tag: 0x010e, type: 2, count: description.length, value: description },
    ...(orientation ? [{ tag: 0x0112, type: 3 as const, count: 1, value: orientation }] : []),
    { tag: 0x8825, type: 4, count: 1, value: 0 }, // GPS IFD offset, filled in below
  ];
  const ifdSize = (entries: IfdEntry[]) => 2 + entries.length * 12 + 4;
  const ifd0At = 8;
  const gpsAt = ifd0At + ifdSize(ifd0);
  let dataAt = gpsAt + ifdSize(gps);
  const data: Buffer[] = [];
  const write = (entries: IfdEntry[], nextIfd: number) => {
    const out = Buffer.alloc(ifdSize(entries));
    out.writeUInt16BE(entries.length, 0);
    entries.forEach((entry, i) => {
      const at = 2 + i * 12;
      out.writeUInt16BE(entry.tag, at);
      out.writeUInt16BE(entry.type, at + 2);
      out.writeUInt32BE(entry.count, at + 4);
      if (typeof entry.value === 'number') {
        if (entry.type === 3) out.writeUInt16BE(entry.value, at + 8);
        else out.writeUInt32BE(entry.tag === 0x8825 ? gpsAt : entry.value, at + 8);
      } else if (entry.value.length <= 4) {
        entry.value.copy(out, at + 8);
      } else {
        out.writeUInt32BE(dataAt, at + 8);
        data.push(entry.value);
        dataAt += entry.value.length;
      }
    });
    out.writeUInt32BE(nextIfd, out.length - 4);
    return out;
  };
  const header = Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, ifd0At]);
  const first = write(ifd0, 0);
  const second = write(gps, 0);
  return Buffer.concat([header, first, second, ...data]);
}

/** The payload of an APP1 Exif segment (or a WebP EXIF chunk): GPS position, description, optional orientation. */
export function exifWithGps(options: { orientation?: number } = {}): Buffer {
  return Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), exifTiff(options.orientation)]);
}

const xmp = () =>
  Buffer.from(
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description exif:GPSLatitude="48,51.492N" dc:description="${PLANTED_METADATA.text}"/></rdf:RDF></x:xmpmeta>`,
    'latin1',
  );
const iccProfile = () =>
  Buffer.concat([Buffer.from('fake ICC profile from device ', 'latin1'), Buffer.from(PLANTED_METADATA.text)]);
const appended = () => Buffer.from(`TRAILING ${PLANTED_METADATA.text}`, 'latin1');

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const header = Buffer.from([0xff, marker, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

/**
 * The JPEG with what cameras and editors add: APP1 Exif (GPS) and XMP, APP2 ICC, APP13 IPTC,
 * APP12, a comment, and bytes after the end marker. Inserted after SOI and the JFIF APP0.
 */
export function withJpegMetadata(jpeg: Buffer, options: { orientation?: number } = {}): Buffer {
  const app0Length = jpeg[3] === 0xe0 ? 2 + jpeg.readUInt16BE(4) : 0;
  const insertAt = 2 + app0Length;
  const metadata = [
    jpegSegment(0xe1, exifWithGps(options)),
    jpegSegment(0xe1, Buffer.concat([Buffer.from('http://ns.adobe.com/xap/1.0/\0', 'latin1'), xmp()])),
    jpegSegment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), iccProfile()])),
    jpegSegment(0xed, Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), Buffer.from(PLANTED_METADATA.text)])),
    jpegSegment(0xec, Buffer.concat([Buffer.from('Ducky', 'latin1'), Buffer.from(PLANTED_METADATA.text)])),
    jpegSegment(0xfe, Buffer.from(`comment ${PLANTED_METADATA.text}`, 'latin1')),
  ];
  return Buffer.concat([jpeg.subarray(0, insertAt), ...metadata, jpeg.subarray(insertAt), appended()]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** The PNG with tEXt, iTXt, zTXt, eXIf (GPS), iCCP and tIME chunks after IHDR, and bytes after IEND. */
export function withPngMetadata(png: Buffer): Buffer {
  const afterHeader = 8 + 12 + png.readUInt32BE(8);
  const text = Buffer.from(PLANTED_METADATA.text, 'latin1');
  const metadata = [
    pngChunk('tEXt', Buffer.concat([Buffer.from('Comment\0', 'latin1'), text])),
    pngChunk('iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), xmp()])),
    pngChunk('zTXt', Buffer.concat([Buffer.from('Author\0\0', 'latin1'), deflateSync(text)])),
    pngChunk('eXIf', exifTiff()),
    pngChunk('iCCP', Buffer.concat([Buffer.from('device\0\0', 'latin1'), deflateSync(iccProfile())])),
    pngChunk('tIME', Buffer.from([0x07, 0xea, 11, 23, 12, 0, 0])),
  ];
  return Buffer.concat([png.subarray(0, afterHeader), ...metadata, png.subarray(afterHeader), appended()]);
}

function webpChunk(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(type, 0, 'latin1');
  header.writeUInt32LE(data.length, 4);
  return Buffer.concat([header, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/**
 * A simple (lossy) WebP turned into an extended one carrying ICCP, EXIF (GPS) and XMP chunks,
 * with VP8X flags announcing them, and bytes after the RIFF body.
 */
export function withWebpMetadata(webp: Buffer): Buffer {
  const frame = webp.subarray(12, 8 + webp.readUInt32LE(4));
  if (frame.toString('latin1', 0, 4) !== 'VP8 ') throw new Error('expected a lossy WebP from ffmpeg');
  // The key frame header holds the picture size (14 bits each) after its start code.
  const width = frame.readUInt16LE(8 + 6 + 0) & 0x3fff;
  const height = frame.readUInt16LE(8 + 6 + 2) & 0x3fff;
  const vp8x = Buffer.alloc(10);
  vp8x[0] = 0x20 | 0x08 | 0x04; // ICC, EXIF, XMP
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const body = Buffer.concat([
    webpChunk('VP8X', vp8x),
    webpChunk('ICCP', iccProfile()),
    frame,
    webpChunk('EXIF', exifWithGps().subarray(6)),
    webpChunk('XMP ', xmp()),
  ]);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body, appended()]);
}

function gifSubBlocks(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const part = data.subarray(at, at + 255);
    blocks.push(Buffer.from([part.length]), part);
  }
  return Buffer.concat([...blocks, Buffer.from([0])]);
}

/** The GIF with a comment and an XMP application extension before its first frame, and bytes after the trailer. */
export function withGifMetadata(gif: Buffer): Buffer {
  const packed = gif[10];
  const afterHeader = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  const metadata = [
    Buffer.from([0x21, 0xfe]),
    gifSubBlocks(Buffer.from(`comment ${PLANTED_METADATA.text}`, 'latin1')),
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from('XMP DataXMP', 'latin1'),
    gifSubBlocks(xmp()),
  ];
  return Buffer.concat([gif.subarray(0, afterHeader), ...metadata, gif.subarray(afterHeader), appended()]);
}
