import { describe, expect, it } from '@jest/globals';
import { VIDEO_UPLOAD_MESSAGES } from '@app/contracts';
import { videoLengthProblem } from './video-length-check';

describe('the dialog’s 2-minute pre-check', () => {
  it('refuses a file the browser measured as longer than 2 minutes with the spec’s message', () => {
    expect(VIDEO_UPLOAD_MESSAGES.tooLong).toBe('Video must be 2 minutes or shorter');
    for (const seconds of [121, 125.3, 600]) expect(videoLengthProblem(seconds)).toBe(VIDEO_UPLOAD_MESSAGES.tooLong);
  });

  it('lets through what the server accepts: up to 2:00 as phones record it (120.4 s)', () => {
    for (const seconds of [0, 0.5, 60, 120, 120.4]) expect(videoLengthProblem(seconds)).toBeNull();
  });

  it('leaves a file of unknown length to the server: unreadable, no duration, or a streaming recording', () => {
    expect(videoLengthProblem(null)).toBeNull();
    expect(videoLengthProblem(Number.NaN)).toBeNull();
    // MediaRecorder WebM files report Infinity until played through.
    expect(videoLengthProblem(Number.POSITIVE_INFINITY)).toBeNull();
  });
});
