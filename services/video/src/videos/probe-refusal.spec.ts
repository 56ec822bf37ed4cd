import { describe, expect, it } from '@jest/globals';
import { VIDEO_UPLOAD_MESSAGES, type ProbeResult } from '@app/contracts';
import { probeRefusal } from './probe-refusal.js';

const readable: ProbeResult = {
  objectKey: 'videos/originals/clip',
  readable: true,
  hasVideo: true,
  hasAudio: true,
  durationSeconds: 30,
  withinLengthLimit: true,
  withinInputLimits: true,
  videoCodec: 'h264',
  audioCodec: 'aac',
  pixelFormat: 'yuv420p',
  width: 640,
  height: 360,
  media: null,
};

describe('the judgement of a probe verdict', () => {
  it('lets a readable clip of up to 2 minutes through, a phone’s 2:00 (120.4 s) included', () => {
    expect(probeRefusal(readable)).toBeNull();
    expect(probeRefusal({ ...readable, durationSeconds: 120.4 })).toBeNull();
  });

  it('refuses a longer clip, or one whose length cannot be measured, as too long', () => {
    expect(probeRefusal({ ...readable, durationSeconds: 121 })).toBe(VIDEO_UPLOAD_MESSAGES.tooLong);
    expect(probeRefusal({ ...readable, durationSeconds: null })).toBe(VIDEO_UPLOAD_MESSAGES.tooLong);
  });

  it('refuses an unreadable file, one without a picture and one over the input limits as not a valid video', () => {
    expect(probeRefusal({ ...readable, readable: false })).toBe(VIDEO_UPLOAD_MESSAGES.invalidFile);
    expect(probeRefusal({ ...readable, hasVideo: false })).toBe(VIDEO_UPLOAD_MESSAGES.invalidFile);
    expect(probeRefusal({ ...readable, withinInputLimits: false, durationSeconds: 500 })).toBe(
      VIDEO_UPLOAD_MESSAGES.invalidFile,
    );
  });
});
