import { describe, expect, it } from '@jest/globals';
import { detectImageType } from './image-type.js';

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe('detectImageType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg', 'jpg'],
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'image/png', 'png'],
    ['GIF89a', bytes('GIF89a', [1, 0]), 'image/gif', 'gif'],
    ['GIF87a', bytes('GIF87a', [1, 0]), 'image/gif', 'gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'webp'],
  ])('recognises %s by its first bytes', (_, input, mime, extension) => {
    expect(detectImageType(input)).toEqual({ mime, extension });
  });

  it.each([
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['an empty file', bytes()],
    ['an MP4', bytes([0, 0, 0, 0x18], 'ftypmp42')],
  ])('refuses %s', (_, input) => {
    expect(detectImageType(input)).toBeNull();
  });
});
