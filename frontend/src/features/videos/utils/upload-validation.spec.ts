import { describe, expect, it } from '@jest/globals';
import type { VideoFileFacts } from '@app/contracts';
import { validateForm } from '@/lib/validation';
import {
  VIDEO_FILE_ACCEPT,
  VIDEO_LENGTH_HINT,
  uploadFormSchema,
  type UploadFormValues,
  type UploadRequest,
} from './upload-validation';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 5 * MB): VideoFileFacts => ({ name, type, size });

const valid: UploadFormValues<VideoFileFacts> = {
  title: '  Golf swing  ',
  description: '',
  categoryId: '3',
  mode: 'file',
  file: file('swing.mp4', 'video/mp4'),
  youtubeUrl: '',
};

// As the dialog checks its values: useForm runs validateForm with this schema.
const validateUpload = (values: UploadFormValues<VideoFileFacts>) =>
  validateForm<UploadRequest<VideoFileFacts>, keyof UploadFormValues>(uploadFormSchema<VideoFileFacts>(), values);

describe('the upload form schema', () => {
  it('returns the trimmed request with the file, ignoring a link typed in the other mode', () => {
    expect(validateUpload({ ...valid, youtubeUrl: 'not a link' })).toEqual({
      success: true,
      data: { mode: 'file', title: 'Golf swing', description: null, categoryId: 3, file: valid.file },
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

  it('applies the shared file rule to the chosen file', () => {
    expect(validateUpload({ ...valid, file: file('notes.txt', 'text/plain') })).toEqual({
      success: false,
      errors: { file: 'Please select a valid video file (MP4, MOV, WebM)' },
    });
    expect(validateUpload({ ...valid, file: file('a.mp4', 'video/mp4', 100 * MB + 1) })).toEqual({
      success: false,
      errors: { file: 'File size must be less than 100MB' },
    });
  });

  it('checks the link, not the file, in link mode', () => {
    const link = { ...valid, mode: 'youtube' as const, file: file('notes.txt', 'text/plain') };
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
        mode: 'youtube',
        title: 'Golf swing',
        description: 'Tips',
        categoryId: 3,
        youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      },
    });
  });
});

describe('VIDEO_LENGTH_HINT', () => {
  it('states the shared 2-minute rule in the spec’s words', () => {
    expect(VIDEO_LENGTH_HINT).toBe('Maximum length: 2 minutes');
  });
});

describe('VIDEO_FILE_ACCEPT', () => {
  it('offers the accepted types and extensions to the file picker', () => {
    expect(VIDEO_FILE_ACCEPT).toBe('video/mp4,video/quicktime,video/mov,video/webm,.mp4,.mov,.webm');
  });
});
