import { describe, expect, it } from '@jest/globals';
import { youtubeEmbedUrl, youtubePreviewUrl, youtubeVideoId } from './youtube';

describe('youtube links', () => {
  it('takes the id from the long form, wherever v= sits among the parameters', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
  });

  it('takes the id from the short form', () => {
    expect(youtubeVideoId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId(' https://youtu.be/dQw4w9WgXcQ?si=abc ')).toBe('dQw4w9WgXcQ');
  });

  it('refuses anything else', () => {
    expect(youtubeVideoId('https://vimeo.com/123456')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeVideoId('not a link')).toBeNull();
  });

  it('derives the preview image and the embed address', () => {
    expect(youtubePreviewUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(
      'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
    expect(youtubeEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
    expect(youtubePreviewUrl(null)).toBeNull();
    expect(youtubeVideoId(undefined)).toBeNull();
    expect(youtubeEmbedUrl('https://example.com/video.mp4')).toBeNull();
  });
});

describe('the edges of the rule', () => {
  it('accepts the long form on any accepted host, with other parameters or a fragment', () => {
    for (const link of [
      'http://youtube.com/watch?list=PL1&v=dQw4w9WgXcQ#t=3',
      'https://music.youtube.com/watch?v=dQw4w9WgXcQ',
    ]) {
      expect([link, youtubeVideoId(link)]).toEqual([link, 'dQw4w9WgXcQ']);
    }
  });

  it('refuses other YouTube addresses, links without a scheme, ids of the wrong length and lookalike hosts', () => {
    for (const link of [
      'https://youtu.be/dQw4w9WgXcQ/extra',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQx',
      'https://notyoutube.com/watch?v=dQw4w9WgXcQ',
      '',
    ]) {
      expect([link, youtubeVideoId(link)]).toEqual([link, null]);
    }
  });
});
