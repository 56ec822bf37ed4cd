import { describe, expect, it } from '@jest/globals';
import { FfmpegError, ffmpegTimeoutMs } from './ffmpeg.js';
import { inputProtocolArgs } from './input-protocols.js';

describe('ffmpegTimeoutMs (the time budget of one ffmpeg run)', () => {
  it('gives a re-encode the configured seconds per media second', () => {
    expect(ffmpegTimeoutMs(30, 'encode', 10)).toBe(300_000);
    expect(ffmpegTimeoutMs(60, 'encode', 10)).toBe(2 * ffmpegTimeoutMs(30, 'encode', 10));
    expect(ffmpegTimeoutMs(30, 'encode', 2)).toBe(60_000);
    expect(ffmpegTimeoutMs(30, 'encode', 0.001)).toBe(30);
  });

  it('is bounded: at least 6 media seconds, at most the longest accepted video, unknown counted as the longest', () => {
    expect(ffmpegTimeoutMs(0.5, 'encode', 10)).toBe(60_000);
    expect(ffmpegTimeoutMs(120.5, 'encode', 10)).toBe(1_205_000);
    expect(ffmpegTimeoutMs(3600, 'encode', 10)).toBe(1_205_000);
    expect(ffmpegTimeoutMs(null, 'encode', 10)).toBe(1_205_000);
  });

  it('gives a remux 30 s plus a second per media second, and a thumbnail 30 s', () => {
    expect(ffmpegTimeoutMs(60, 'remux')).toBe(90_000);
    expect(ffmpegTimeoutMs(null, 'remux')).toBe(150_500);
    expect(ffmpegTimeoutMs(60, 'thumbnail')).toBe(30_000);
  });
});

describe('FfmpegError', () => {
  const error = (exitCode: number | null, signal: NodeJS.Signals | null, killedAtTimeout = false) =>
    new FfmpegError('ffmpeg failed', exitCode, signal, killedAtTimeout, '');

  it('calls a refusal of the input an input error', () => {
    expect(error(1, null)).toMatchObject({ isInputError: true, timedOut: false });
  });

  it('counts the kernel’s CPU-time limit (SIGXCPU) as running out of time, like the wall-clock kill', () => {
    expect(error(null, 'SIGXCPU')).toMatchObject({ isInputError: false, timedOut: true });
    expect(error(null, 'SIGKILL', true)).toMatchObject({ isInputError: false, timedOut: true });
    expect(error(null, 'SIGKILL')).toMatchObject({ isInputError: false, timedOut: false });
  });
});

describe('inputProtocolArgs', () => {
  it('lets a local copy open local files only and a URL only HTTP(S), reconnecting, each with the upload demuxers only', () => {
    const formats = ['-format_whitelist', 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm'];
    expect(inputProtocolArgs('/tmp/media-worker-1/original')).toEqual(['-protocol_whitelist', 'file', ...formats]);
    expect(inputProtocolArgs('https://s3.example/videos/originals/x?X-Amz-Signature=1')).toEqual([
      '-protocol_whitelist',
      'http,https,tcp,tls',
      ...['-reconnect', '1', '-reconnect_on_network_error', '1', '-reconnect_delay_max', '2'],
      ...formats,
    ]);
  });
});
