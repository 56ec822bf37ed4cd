import { describe, expect, it } from '@jest/globals';
import { nextPageLink, parseNextPageLink } from './next-page-link.js';

describe('nextPageLink', () => {
  it('keeps the path and every parameter, setting the cursor', () => {
    expect(nextPageLink('/api/videos?limit=12&sort=views&q=back%20hand', 'abc_-1')).toBe(
      '</api/videos?limit=12&sort=views&q=back+hand&cursor=abc_-1>; rel="next"',
    );
  });

  it('replaces the cursor the request came with, once', () => {
    expect(nextPageLink('/api/bookmarks?cursor=old&cursor=older', 'new')).toBe(
      '</api/bookmarks?cursor=new>; rel="next"',
    );
  });

  it('never carries a host, even from an absolute request URL', () => {
    expect(nextPageLink('http://evil.example/api/videos', 'c')).toBe('</api/videos?cursor=c>; rel="next"');
  });

  it('is read back by parseNextPageLink', () => {
    const link = nextPageLink('/api/videos?limit=3', 'eyJvIjoicmVjZW50In0');
    expect(parseNextPageLink(link)).toBe('/api/videos?limit=3&cursor=eyJvIjoicmVjZW50In0');
  });
});

describe('parseNextPageLink', () => {
  it.each([
    ['</a?x=1>; rel="next"', '/a?x=1'],
    ['</p>; rel="prev", </n>; rel="next"', '/n'],
    ['</n>; rel=next', '/n'],
    ['</n>; title="x"; rel="prefetch next"', '/n'],
  ])('finds the next link in %j', (header, url) => {
    expect(parseNextPageLink(header)).toBe(url);
  });

  it.each([null, undefined, '', '</p>; rel="prev"', 'garbage', '</n>; rel="nextish"'])('finds none in %j', (header) => {
    expect(parseNextPageLink(header)).toBeNull();
  });
});
