import { describe, expect, it } from '@jest/globals';
import {
  exifWithGps,
  PLANTED_METADATA,
  withGifMetadata,
  withJpegMetadata,
  withPngMetadata,
  withWebpMetadata,
} from '@app/testing/unit';
import { detectImageType } from './image-type.js';
import { stripImageMetadata } from './image-metadata.js';

// 8×8 test patterns written by ffmpeg, and a 1×1 GIF with a loop count (NETSCAPE2.0).
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgEBAQEBAUFBQUFBQYGBgYGBgYGBgYGBgYHBwcICAgHBwcGBgcHCAgICAkJCQgICAgJCQoKCgwMCwsODg4RERT/xABnAAEAAAAAAAAAAAAAAAAAAAAFAQEBAAAAAAAAAAAAAAAAAAABAxAAAgMBAAIDAQAAAAAAAAAAAgMEBgEFALSFNhMUEQACAgIABAcBAAAAAAAAAAACAwQBBgUAFRSyk4Q4ExIIITP/wAARCAAIAAgDARIAAhIAAxIA/9oADAMBAAIRAxEAPwA2MvuU6jpmQ9KF0VcypFWmaapOo6RxJTuj+GNJyk5IcuP/AFCzBRIFaxLDAMzErn9KqvwPpSfCgrKORBgPyLoS25Zv0pFrbkXRQ7hcwuVca9lSbuf0wjcmo9GygoKP9frf/XP/ADHcfFEyWScx1WK7UUlvaVuE7GD7CBBwxVbxGkuQyOuoUhiBXj1paTDaDI8drCpiLIZyPVr4nePH/9k=',
  'base64',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAABAAAAAQBPJcTWAAAAOUlEQVR4nGNgYGD4D8b/wdR/MOs/mAOS+A8m/qOwGCA0igQMUEkCxD7AUA+iHECOsv/fAKL245QAAOmeUq7Qk8gPAAAAAElFTkSuQmCC',
  'base64',
);
const WEBP = Buffer.from(
  'UklGRpAAAABXRUJQVlA4IIQAAACQAgCdASoIAAgAAgA0JbACdDKAOkAKVKXK10MWYAD+8bx+DM2+T1JfYvEmLPS7BQ/5izX014/tyvpPxPLgifLwp0BL8PUnV7PZTwIyd6HcAT5Uo//HZ2OwpCZB++/5UVbR//ygcP+VD/TkSWsfxO/e+IRUBheT/e898UPW3c/5oZ9IAAA=',
  'base64',
);
const GIF = Buffer.concat([
  Buffer.from('474946383961010001008000' + '00ffffff000000', 'hex'),
  Buffer.from('21ff0b', 'hex'),
  Buffer.from('NETSCAPE2.0', 'latin1'),
  Buffer.from('030100000021f90401000000002c00000000010001000002024401003b', 'hex'),
]);

const strip = (bytes: Buffer) => stripImageMetadata(bytes, detectImageType(bytes)!);

/** Every planted secret, and the markers metadata blocks start with. */
function leaks(bytes: Buffer): string[] {
  const found: string[] = [];
  const search: [string, Buffer][] = [
    ['text', Buffer.from(PLANTED_METADATA.text)],
    ['latitude', PLANTED_METADATA.latitude],
    ['longitude', PLANTED_METADATA.longitude],
    ['Exif', Buffer.from('Exif')],
    ['XMP', Buffer.from('adobe:ns:meta')],
    ['ICC', Buffer.from('ICC profile')],
  ];
  for (const [name, needle] of search) if (bytes.includes(needle)) found.push(name);
  return found;
}

describe('stripping picture metadata', () => {
  // The picture data of the clean file, which must survive unchanged: WebP keeps its frame but
  // stays in the extended layout (a VP8X header with no flags left).
  const pictureOf = (format: string, clean: Buffer) => (format === 'WebP' ? clean.subarray(12) : strip(clean)!);

  it.each([
    ['JPEG', JPEG, withJpegMetadata],
    ['PNG', PNG, withPngMetadata],
    ['WebP', WEBP, withWebpMetadata],
    ['GIF', GIF, withGifMetadata],
  ])('removes every metadata block from a %s and keeps its picture', (format, clean, addMetadata) => {
    const tagged = addMetadata(clean);
    expect(leaks(tagged)).toContain('text');
    if (format !== 'GIF') expect(leaks(tagged)).toEqual(expect.arrayContaining(['latitude', 'longitude']));
    const stripped = strip(tagged);
    expect(stripped).not.toBeNull();
    expect(leaks(stripped!)).toEqual([]);
    expect(detectImageType(stripped!)).toEqual(detectImageType(clean));
    if (format === 'WebP') expect(stripped!.subarray(12 + 18)).toEqual(pictureOf(format, clean));
    else expect(stripped).toEqual(pictureOf(format, clean));
  });

  it('keeps a clean picture as it is, apart from an encoder comment', () => {
    expect(strip(PNG)).toEqual(PNG);
    expect(strip(WEBP)).toEqual(WEBP);
    expect(strip(GIF)).toEqual(GIF);
    const jpeg = strip(JPEG)!;
    expect(jpeg.includes(Buffer.from('Lavc'))).toBe(false);
    expect(jpeg.length).toBe(JPEG.length - 18); // the 18-byte COM segment
  });

  it('keeps only the orientation of a JPEG’s EXIF, so a portrait photo still shows upright', () => {
    const stripped = strip(withJpegMetadata(JPEG, { orientation: 6 }))!;
    expect(leaks(stripped)).toEqual(['Exif']);
    const exifAt = stripped.indexOf('Exif');
    // APP1 right after JFIF: "Exif\0\0", big-endian TIFF, one IFD entry: orientation (0x0112) = 6.
    expect(stripped.subarray(exifAt - 4, exifAt)).toEqual(Buffer.from([0xff, 0xe1, 0, 34]));
    expect(stripped.subarray(exifAt + 14, exifAt + 26).toString('hex')).toBe('000101120003000000010006');
    expect(stripped.length).toBe(JPEG.length - 18 + 36);
    // An upright photo needs no EXIF at all.
    expect(leaks(strip(withJpegMetadata(JPEG, { orientation: 1 }))!)).toEqual([]);
  });

  it('clears the VP8X flags of the WebP chunks it removes', () => {
    const stripped = strip(withWebpMetadata(WEBP))!;
    const vp8x = stripped.indexOf('VP8X');
    expect(stripped[vp8x + 8]! & 0x2c).toBe(0);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect(stripped.includes(Buffer.from('VP8 '))).toBe(true);
  });

  it('keeps a GIF’s loop count but drops other application extensions', () => {
    const stripped = strip(withGifMetadata(GIF))!;
    expect(stripped.includes(Buffer.from('NETSCAPE2.0'))).toBe(true);
    expect(stripped.includes(Buffer.from('XMP DataXMP'))).toBe(false);
  });

  it.each([
    ['a JPEG cut before its end marker', JPEG.subarray(0, JPEG.length - 40)],
    ['a JPEG with a segment longer than the file', Buffer.from('ffd8ffe1ffff0000', 'hex')],
    ['a PNG without IEND', PNG.subarray(0, PNG.length - 12)],
    ['a PNG that does not start with IHDR', Buffer.concat([PNG.subarray(0, 8), PNG.subarray(33)])],
    ['a WebP whose RIFF size overruns the file', Buffer.concat([Buffer.from('RIFF\xff\xff\x00\x00WEBP', 'latin1')])],
    [
      'a WebP with only metadata',
      Buffer.concat([
        Buffer.from('RIFF\x12\x00\x00\x00WEBPEXIF\x06\x00\x00\x00', 'latin1'),
        exifWithGps().subarray(0, 6),
      ]),
    ],
    ['a GIF cut inside a frame', GIF.subarray(0, GIF.length - 4)],
    [
      'a GIF with HTML after its screen',
      Buffer.concat([GIF.subarray(0, 19), Buffer.from('<script>alert(1)</script>')]),
    ],
  ])('refuses %s', (_, bytes) => {
    expect(strip(bytes)).toBeNull();
  });
});
