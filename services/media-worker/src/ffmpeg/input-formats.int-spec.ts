import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMediaFixture, makeTestVideo, testInfra } from '@app/testing';
import { FfmpegError, runFfmpeg, thumbnailArgs } from './ffmpeg.js';
import { inspectMedia } from './ffprobe.js';

// The real ffprobe/ffmpeg on local scratch files: only the upload demuxers, only local files.
let scratch: string;
let clip: string;
let playlist: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'input-formats-'));
  clip = await makeTestVideo(join(scratch, 'clip.mp4'), { seconds: 1 });
  // An HLS playlist saved under a video's name: read as HLS, it makes ffmpeg open the file it names.
  playlist = join(scratch, 'playlist.mp4');
  await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${clip}\n#EXT-X-ENDLIST\n`);
});

afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe('ffmpeg inputs', () => {
  it('reads MP4, MOV and WebM', async () => {
    const mov = await makeMediaFixture(join(scratch, 'clip.mov'), { seconds: 1, format: 'mov' });
    const webm = await makeMediaFixture(join(scratch, 'clip.webm'), { seconds: 1, video: 'vp9', audio: 'opus' });
    for (const file of [clip, mov, webm]) {
      expect((await inspectMedia(testInfra().ffprobePath, file))?.video).toMatchObject({ width: 320, height: 240 });
    }
  });

  it('does not read a playlist posing as a video, so it cannot make ffmpeg open other files', async () => {
    expect(await inspectMedia(testInfra().ffprobePath, playlist)).toBeNull();
    const output = join(scratch, 'frame.jpg');
    const run = runFfmpeg(testInfra().ffmpegPath, thumbnailArgs(playlist, output, 0, 0), { timeoutMs: 30_000 });
    await expect(run).rejects.toBeInstanceOf(FfmpegError);
    await expect(run).rejects.toMatchObject({ isInputError: true });
    await expect(stat(output)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
