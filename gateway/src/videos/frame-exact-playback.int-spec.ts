import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VideoDto } from '@app/contracts';
import {
  eventually,
  HttpSession,
  linkYoutubeVideo,
  makeMediaFixture,
  probeVideoPackets,
  signUpMember,
  startStack,
  type MediaFixtureOptions,
  type TestStack,
} from '@app/testing';

// Issue 15, point 1, server side: clips uploaded through the gateway come out of the pipeline as
// playback files a frame-exact player can step through (one constant rate, a keyframe at least
// every half second, frame 0 at 0), and GET /api/videos/{id} and the lists say their exact rate
// and frame count, measured on the file that is streamed.
let stack: TestStack;
let scratch: string;
let categoryId: number;
let uploader: { session: HttpSession; user: { id: string } };

beforeAll(async () => {
  stack = await startStack('frames', ['gateway', 'auth', 'catalog', 'video', 'media-worker']);
  scratch = await mkdtemp(join(tmpdir(), 'frames-'));
  categoryId = (await new HttpSession(stack.baseUrl).get<{ id: number }[]>('/api/categories')).body[0]!.id;
  uploader = await signUpMember(stack.baseUrl);
}, 60_000);

afterAll(async () => {
  if (process.env.FRAME_TIMINGS) console.log(JSON.stringify(figures, null, 1));
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const SECONDS = 3;
const SMALL = { seconds: SECONDS, size: '160x90', audio: 'aac' } as const;

/** Each clip, and the constant rate its playback file must have. */
const CLIPS = {
  // Constant rate, H.264/AAC, a keyframe every 12 frames: copied as it is.
  'a 25 fps clip with short GOPs': { options: { ...SMALL, rate: 25, keyframeInterval: 12 }, fps: 25, remuxed: true },
  // Constant rate but one keyframe in 3 s: re-encoded for quick steps back.
  'a 30 fps clip with one keyframe': { options: { ...SMALL, rate: 30 }, fps: 30, remuxed: false },
  'a 60 fps HEVC clip': { options: { ...SMALL, rate: 60, video: 'hevc', format: 'mov' }, fps: 60, remuxed: false },
  // A phone's variable rate: 30 fps with ±4 ms jitter and every 11th frame dropped (~27 fps on average).
  'a variable-rate phone clip': {
    options: { ...SMALL, rate: 30, variableRate: { jitterSeconds: 0.004, dropEvery: 11 } },
    fps: 30,
    remuxed: false,
  },
} as const satisfies Record<string, { options: MediaFixtureOptions; fps: number; remuxed: boolean }>;
type ClipName = keyof typeof CLIPS;

const figures: Array<{ clip: string; frameRate: number | null; frameCount: number | null; readyMs: number }> = [];
const uploaded = new Map<ClipName, { id: number; readyMs: number }>();

async function uploadClip(name: ClipName): Promise<{ id: number; readyMs: number }> {
  const { options } = CLIPS[name];
  const [extension, type] = 'format' in options ? ['mov', 'video/quicktime'] : ['mp4', 'video/mp4'];
  const file = join(scratch, `${name.replace(/\W+/g, '-')}.${extension}`);
  await makeMediaFixture(file, options);
  const form = new FormData();
  form.append('title', name);
  form.append('categoryId', String(categoryId));
  form.append('video', new Blob([new Uint8Array(await readFile(file))], { type }), `clip.${extension}`);
  const started = Date.now();
  const created = await uploader.session.request<VideoDto>('POST', '/api/videos', { form });
  expect(created.status).toBe(201);
  await eventually(
    async () => (await uploader.session.get<VideoDto>(`/api/videos/${created.body.id}`)).body,
    (video) => video.processingState !== 'processing',
    120_000,
  );
  return { id: created.body.id, readyMs: Date.now() - started };
}

/** The file GET /api/videos/{id}/stream serves, saved for ffprobe. */
async function streamedFile(video: VideoDto): Promise<string> {
  const response = await fetch(`${stack.baseUrl}${video.videoUrl}`);
  expect(response.status).toBe(200);
  const path = join(scratch, `streamed-${video.id}.mp4`);
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  return path;
}

describe('a frame-exact playback file', () => {
  beforeAll(async () => {
    // One at a time, as one worker takes them: the times are each clip's own.
    for (const name of Object.keys(CLIPS) as ClipName[]) uploaded.set(name, await uploadClip(name));
  }, 300_000);

  it.each(Object.keys(CLIPS) as ClipName[])(
    'is made of %s, and its rate and frame count are on the video',
    async (name) => {
      const clip = CLIPS[name];
      const { id, readyMs } = uploaded.get(name)!;
      const video = (await uploader.session.get<VideoDto>(`/api/videos/${id}`)).body;
      figures.push({ clip: name, frameRate: video.frameRate, frameCount: video.frameCount, readyMs });
      expect(video).toMatchObject({ processingState: 'ready', hasFileError: false, duration: SECONDS });
      expect(video.frameRate).toBe(clip.fps);
      expect(Math.abs(video.frameCount! - SECONDS * clip.fps)).toBeLessThanOrEqual(1);

      const { rFrameRate, timeBase, packets } = await probeVideoPackets(await streamedFile(video));
      // What the video says is what the streamed file holds.
      expect(packets).toHaveLength(video.frameCount!);
      expect(rFrameRate).toBe(`${clip.fps}/1`);
      // Constant rate: every frame lasts one frame time, and follows the last by one.
      const frameTicks = Math.round(1 / (clip.fps * timeBase));
      expect(frameTicks * timeBase * clip.fps).toBeCloseTo(1, 9);
      expect(new Set(packets.map((packet) => packet.duration))).toEqual(new Set([frameTicks]));
      expect(new Set(packets.slice(1).map((packet, i) => packet.pts - packets[i]!.pts))).toEqual(new Set([frameTicks]));
      // Frame k is at k / rate.
      expect(packets[0]!.pts).toBe(0);
      // Stepping back never decodes more than half a second.
      const keyframes = packets.flatMap((packet, i) => (packet.keyframe ? [i] : []));
      expect(keyframes[0]).toBe(0);
      const gaps = [...keyframes.slice(1), packets.length].map((index, i) => index - keyframes[i]!);
      expect(Math.max(...gaps) / clip.fps).toBeLessThanOrEqual(0.5);

      // A remux keeps the original's frames: the copy has exactly the frames uploaded.
      if (clip.remuxed) expect(video.frameCount).toBe(SECONDS * clip.fps);
    },
  );

  it('is listed with its rate and frame count, and a YouTube link has neither', async () => {
    const link = await linkYoutubeVideo(uploader.session, { title: 'A link', categoryId });
    expect(link).toMatchObject({ frameRate: null, frameCount: null });
    const listed = (
      await uploader.session.get<VideoDto[]>(`/api/videos?uploaderId=${uploader.user.id}&limit=50`)
    ).body.map(({ title, frameRate, frameCount }) => ({ title, frameRate, frameCount }));
    const expected = await Promise.all(
      [...uploaded].map(async ([name, { id }]) => {
        const { frameRate, frameCount } = (await uploader.session.get<VideoDto>(`/api/videos/${id}`)).body;
        return { title: name, frameRate, frameCount };
      }),
    );
    expect(listed).toEqual(
      expect.arrayContaining([...expected, { title: 'A link', frameRate: null, frameCount: null }]),
    );
    expect(listed).toHaveLength(expected.length + 1);
    expect((await uploader.session.get<VideoDto>(`/api/videos/${link.id}`)).body).toMatchObject({
      frameRate: null,
      frameCount: null,
    });
  });
});
