import { describe, expect, it } from '@jest/globals';
import { youtubeThumbnailUrl, youtubeVideoId, youtubeWatchUrl } from './youtube-links.js';

describe('YouTube links', () => {
  it('takes the id from the long form on any accepted host, wherever v= sits', () => {
    expect(youtubeVideoId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('http://youtube.com/watch?v=dQw4w9WgXcQ&t=42s')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeVideoId('https://music.youtube.com/watch?v=dQw4w9WgXcQ#t=1')).toBe('dQw4w9WgXcQ');
  });

  it('takes the id from the short form, trimmed', () => {
    expect(youtubeVideoId(' https://youtu.be/dQw4w9WgXcQ?si=abc ')).toBe('dQw4w9WgXcQ');
  });

  it('refuses other hosts, paths and ids of another length', () => {
    expect(youtubeVideoId('https://vimeo.com/123456')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeVideoId('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBeNull();
    expect(youtubeVideoId('https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ')).toBeNull();
  });

  it('derives the stored link and the preview image from an id', () => {
    expect(youtubeWatchUrl('dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(youtubeThumbnailUrl('dQw4w9WgXcQ')).toBe('https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
  });

  it('is a module without zod, so a screen showing a link does not download the schemas', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile(new URL('./youtube-links.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import /m);
  });
});
