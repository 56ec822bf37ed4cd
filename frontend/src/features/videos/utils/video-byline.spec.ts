import { describe, expect, it } from '@jest/globals';
import { personFields, personSummary } from '@app/contracts';
import { videoByline } from './video-byline';

const uploader = (firstName: string | null, lastName: string | null) =>
  personFields('uploader', personSummary({ id: 'u1', firstName, lastName, image: null }));

describe('videoByline (spec section 2, Admin Panel)', () => {
  it("reads 'By {uploader} • {category} • {views} views'", () => {
    expect(videoByline({ ...uploader('Sam', 'Lee'), categoryName: 'Tennis', views: 1234 })).toBe(
      'By Sam Lee • Tennis • 1,234 views',
    );
  });

  it('builds the uploader from the name parts, or says Unknown User', () => {
    expect(videoByline({ ...uploader('Sam', null), categoryName: 'Golf', views: 0 })).toBe('By Sam • Golf • 0 views');
    expect(videoByline({ ...uploader(' ', null), categoryName: 'Golf', views: 2 })).toBe(
      'By Unknown User • Golf • 2 views',
    );
  });

  it('names a video without a category Uncategorized', () => {
    expect(videoByline({ ...uploader('Sam', null), categoryName: null, views: 1 })).toBe(
      'By Sam • Uncategorized • 1 views',
    );
  });
});
