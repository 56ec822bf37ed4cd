import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  refineStoredFile,
  videoFileProblem,
  videoSourceProblem,
  videoUploadFieldsSchema,
  youtubeUrlSchema,
  type VideoFileFacts,
} from './video-upload.schemas.js';

const MB = 1024 * 1024;
const file = (name: string | undefined, type: string, size = 5 * MB): VideoFileFacts => ({ name, type, size });

describe('videoFileProblem (the file rule the dialog and the gateway share)', () => {
  it('asks for a file', () => {
    expect(videoFileProblem(null)).toBe('Please select a video file');
    expect(videoFileProblem(undefined)).toBe('Please select a video file');
  });

  it('accepts MP4, MOV and WebM, by type or, without a type, by extension', () => {
    expect(videoFileProblem(file('a.mp4', 'video/mp4'))).toBeNull();
    expect(videoFileProblem(file('a.mov', 'video/quicktime'))).toBeNull();
    expect(videoFileProblem(file('a.mov', 'video/mov'))).toBeNull();
    expect(videoFileProblem(file('a.webm', 'video/webm'))).toBeNull();
    expect(videoFileProblem(file('A.MOV', ''))).toBeNull();
    expect(videoFileProblem(file('a.webm', 'application/octet-stream'))).toBeNull();
    // What the gateway passes: the sniffed container, no name.
    expect(videoFileProblem(file(undefined, 'video/quicktime'))).toBeNull();
  });

  it('refuses other types', () => {
    const message = 'Please select a valid video file (MP4, MOV, WebM)';
    expect(videoFileProblem(file('a.avi', 'video/x-msvideo'))).toBe(message);
    expect(videoFileProblem(file('notes.txt', 'text/plain'))).toBe(message);
    expect(videoFileProblem(file('clip.mkv', ''))).toBe(message);
    // A declared type wins over a misleading extension.
    expect(videoFileProblem(file('photo.mp4', 'image/jpeg'))).toBe(message);
    // Without a type or a name there is nothing to accept it by.
    expect(videoFileProblem(file(undefined, ''))).toBe(message);
  });

  it('allows up to 100 MB', () => {
    expect(videoFileProblem(file('a.mp4', 'video/mp4', 100 * MB))).toBeNull();
    expect(videoFileProblem(file('a.mp4', 'video/mp4', 100 * MB + 1))).toBe('File size must be less than 100MB');
  });
});

describe('videoSourceProblem (exactly one of a file and a link)', () => {
  const video = file(undefined, 'video/mp4');

  it('takes a file or a link', () => {
    expect(videoSourceProblem(video, undefined)).toBeNull();
    expect(videoSourceProblem(undefined, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
  });

  it('refuses neither, both, and a file the file rule refuses', () => {
    expect(videoSourceProblem(undefined, undefined)).toBe('Please select a video file');
    expect(videoSourceProblem(video, 'https://youtu.be/dQw4w9WgXcQ')).toBe(
      'Send either a video file or a YouTube URL, not both',
    );
    expect(videoSourceProblem(file(undefined, 'video/mp4', 101 * MB), undefined)).toBe(
      'File size must be less than 100MB',
    );
  });
});

describe('youtubeUrlSchema (the link mode’s field)', () => {
  const messageOf = (value: unknown) => youtubeUrlSchema.safeParse(value).error?.issues[0]?.message;

  it('is required', () => {
    expect(messageOf('  ')).toBe('YouTube URL is required');
    expect(messageOf(undefined)).toBe('YouTube URL is required');
  });

  it('accepts the long and the short form, answering the one stored form', () => {
    expect(youtubeUrlSchema.parse(' https://youtu.be/dQw4w9WgXcQ?t=3 ')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    expect(messageOf('https://vimeo.com/1')).toBe('Please enter a valid YouTube URL');
  });
});

describe('videoUploadFieldsSchema', () => {
  it('leaves the link out when it is empty, and checks it when it is sent', () => {
    const fields = { title: ' Swing ', categoryId: '3' };
    expect(videoUploadFieldsSchema.parse({ ...fields, youtubeUrl: ' ' })).toEqual({
      title: 'Swing',
      description: null,
      categoryId: 3,
      youtubeUrl: undefined,
    });
    expect(videoUploadFieldsSchema.safeParse({ ...fields, youtubeUrl: 'nope' }).error?.issues[0]?.message).toBe(
      'Please enter a valid YouTube URL',
    );
  });
});

describe('refineStoredFile (the file rule on what the video service receives)', () => {
  const storedUploadSchema = z
    .object({ objectKey: z.string(), sha256: z.string(), sizeBytes: z.number(), mimeType: z.string() })
    .superRefine(refineStoredFile);
  const stored = { objectKey: 'originals/a', sha256: 'a'.repeat(64), sizeBytes: 10 * MB, mimeType: 'video/webm' };

  it('accepts a stored video within the rule', () => {
    expect(storedUploadSchema.parse(stored)).toEqual(stored);
  });

  it("refuses what the file rule refuses, with the rule's message", () => {
    const messageOf = (value: object) => storedUploadSchema.safeParse(value).error?.issues[0]?.message;
    expect(messageOf({ ...stored, mimeType: 'text/plain' })).toBe('Please select a valid video file (MP4, MOV, WebM)');
    expect(messageOf({ ...stored, sizeBytes: 100 * MB + 1 })).toBe('File size must be less than 100MB');
  });
});
