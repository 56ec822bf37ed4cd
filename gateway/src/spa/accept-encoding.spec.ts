import { describe, expect, it } from '@jest/globals';
import { acceptedEncoding } from './accept-encoding.js';

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['gzip;q=1, br;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['*;q=0', null],
    ['identity', null],
    ['deflate, zstd', null],
    ['', null],
    [undefined, null],
  ])('answers %j with %j when both are available', (header, expected) => {
    expect(acceptedEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('chooses only among the files there are', () => {
    expect(acceptedEncoding('gzip, br', ['gzip'])).toBe('gzip');
    expect(acceptedEncoding('br', ['gzip'])).toBeNull();
  });
});
