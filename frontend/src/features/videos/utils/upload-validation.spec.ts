import { describe, expect, it } from '@jest/globals';
import {
  VIDEO_LENGTH_HINT,
  validateUpload,
  validateVideoFile,
  type UploadFormValues,
  type VideoFileInfo,
} from './upload-validation';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 5 * MB): VideoFileInfo => ({ name, type, size });

const valid: UploadFormValues<VideoFileInfo> = {
  title: '  Golf swing  ',
  description: '',
  categoryId: '3',
  mode: 'file',
  file: file('swing.mp4', 'video/mp4'),
  youtubeUrl: '',
};

describe('validateVideoFile', () => {
  it('asks for a file', () => {
    expect(validateVideoFile(null)).toBe('Please select a video file');
  });

  it('accepts MP4, MOV and WebM, by type or, without a type, by extension', () => {
    expect(validateVideoFile(file('a.mp4', 'video/mp4'))).toBeNull();
    expect(validateVideoFile(file('a.mov', 'video/quicktime'))).toBeNull();
    expect(validateVideoFile(file('a.webm', 'video/webm'))).toBeNull();
    expect(validateVideoFile(file('A.MOV', ''))).toBeNull();
  });

  it('refuses other types', () => {
    const message = 'Please select a valid video file (MP4, MOV, WebM)';
    expect(validateVideoFile(file('a.avi', 'video/x-msvideo'))).toBe(message);
    expect(validateVideoFile(file('notes.txt', 'text/plain'))).toBe(message);
    expect(validateVideoFile(file('clip.mkv', ''))).toBe(message);
    // A declared type wins over a misleading extension.
    expect(validateVideoFile(file('photo.mp4', 'image/jpeg'))).toBe(message);
  });

  it('allows up to 100 MB', () => {
    expect(validateVideoFile(file('a.mp4', 'video/mp4', 100 * MB))).toBeNull();
    expect(validateVideoFile(file('a.mp4', 'video/mp4', 100 * MB + 1))).toBe('File size must be less than 100MB');
  });
});

describe('validateUpload', () => {
  it('returns the trimmed request for a file', () => {
    expect(validateUpload(valid)).toEqual({
      success: true,
      data: { title: 'Golf swing', description: null, categoryId: 3, source: { kind: 'file', file: valid.file } },
    });
  });

  it("gives each missing field the spec's message", () => {
    expect(validateUpload({ ...valid, title: ' ', categoryId: '', file: null })).toEqual({
      success: false,
      errors: {
        title: 'Title is required',
        categoryId: 'Category is required',
        file: 'Please select a video file',
      },
    });
  });

  it('checks the link, not the file, in link mode', () => {
    const link = { ...valid, mode: 'youtube' as const, file: null };
    expect(validateUpload({ ...link, youtubeUrl: '' })).toEqual({
      success: false,
      errors: { youtubeUrl: 'YouTube URL is required' },
    });
    expect(validateUpload({ ...link, youtubeUrl: 'https://vimeo.com/1' })).toEqual({
      success: false,
      errors: { youtubeUrl: 'Please enter a valid YouTube URL' },
    });
    expect(validateUpload({ ...link, description: ' Tips ', youtubeUrl: ' https://youtu.be/dQw4w9WgXcQ ' })).toEqual({
      success: true,
      data: {
        title: 'Golf swing',
        description: 'Tips',
        categoryId: 3,
        source: { kind: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' },
      },
    });
  });
});

describe('VIDEO_LENGTH_HINT', () => {
  it('states the shared 2-minute rule in the spec’s words', () => {
    expect(VIDEO_LENGTH_HINT).toBe('Maximum length: 2 minutes');
  });
});
