import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ANNOTATION_LIMITS,
  ANNOTATION_MESSAGES,
  DRAWING_SHAPE_TYPES,
  type DrawingShape,
  type DrawingShapeType,
  type FeedbackDrawing,
  type FeedbackDto,
  type VideoDto,
} from '@app/contracts';
import {
  eventually,
  HttpSession,
  linkYoutubeVideo,
  makeMediaFixture,
  ownerStatePublisher,
  signUpMember,
  startStack,
  type TestStack,
} from '@app/testing';

// Time codes and drawings on feedback, through the real gateway and services: stored and read
// back exactly, checked against the video (its duration and frames, and that it is a file), and
// every malformed drawing answered 400 with the rule it breaks, never a 5xx.

/** The clip: 2 s at 15 fps, so 30 frames (0..29). */
const CLIP = { seconds: 2, rate: 15, frames: 30 };

let stack: TestStack;
let scratch: string;
let uploader: HttpSession;
let coach: HttpSession;
let fileVideo: VideoDto;
let linkVideo: VideoDto;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'feedback-annotations-'));
  // One member sends well over a minute's default write budget here (the fuzz below).
  stack = await startStack(
    'feedback-annotations',
    ['gateway', 'auth', 'catalog', 'video', 'feedback', 'media-worker'],
    { THROTTLE_WRITES_PER_MINUTE: '100000' },
  );
  [{ session: uploader }, { session: coach }] = await Promise.all([
    signUpMember(stack.baseUrl),
    signUpMember(stack.baseUrl),
  ]);
  const categoryId = (await uploader.get<{ id: number }[]>('/api/categories')).body[0]!.id;

  const clip = await makeMediaFixture(join(scratch, 'clip.mp4'), { seconds: CLIP.seconds, rate: CLIP.rate });
  const form = new FormData();
  form.append('title', 'Squat, side view');
  form.append('categoryId', String(categoryId));
  form.append('video', new Blob([new Uint8Array(await readFile(clip))], { type: 'video/mp4' }), 'clip.mp4');
  const upload = await uploader.request<VideoDto>('POST', '/api/videos', { form });
  expect(upload.status).toBe(201);
  fileVideo = await eventually(
    async () => (await uploader.get<VideoDto>(`/api/videos/${upload.body.id}`)).body,
    (video) => video.processingState === 'ready',
    60_000,
  );
  expect(fileVideo.duration).toBe(CLIP.seconds);
  linkVideo = await linkYoutubeVideo(uploader, { title: 'Squat, front view', categoryId });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

type Answer = FeedbackDto & { message?: string };
const give = (videoId: number, body: unknown) => coach.post<Answer>(`/api/videos/${videoId}/feedback`, body);
const listed = async (videoId: number) => (await coach.get<FeedbackDto[]>(`/api/feedback/video/${videoId}`)).body;

/**
 * The clip's true frame count, carried as a video service that measures frames publishes it. Once
 * the video service has published the feedback count of what was given so far (each of those
 * states is a revision of its own), so the one published here is the newest.
 */
async function publishFrameCount(): Promise<void> {
  const given = (await listed(fileVideo.id)).length;
  await eventually(
    async () => (await coach.get<VideoDto>(`/api/videos/${fileVideo.id}`)).body.feedbackCount,
    (count) => count === given,
  );
  const owners = ownerStatePublisher(stack.database.url, ['feedback']);
  await owners.videoChangedWith(fileVideo.id, { frameCount: CLIP.frames });
  await owners.settled();
}

/** One shape of every type, with coordinates at full precision and labels in several scripts. */
const EVERY_TYPE: DrawingShape[] = [
  {
    type: 'arrow',
    points: [
      [0.1, 0.2],
      [0.30000000000000004, 0.4],
    ],
    color: '#ff0000',
  },
  {
    type: 'line',
    points: [
      [0, 0],
      [1, 1],
    ],
    color: '#00ff00',
    label: 'plumb line',
  },
  {
    type: 'circle',
    points: [
      [0.5, 0.5],
      [0.5625, 0.5],
    ],
    color: '#0000ff',
  },
  {
    type: 'rectangle',
    points: [
      [0.25, 0.125],
      [0.75, 0.875],
    ],
    color: '#123abc',
  },
  {
    type: 'freehand',
    points: Array.from({ length: 40 }, (_, i): [number, number] => [i / 39, Math.abs(Math.sin(i / 7))]),
    color: '#ffffff',
  },
  { type: 'text', points: [[0.4, 0.9]], color: '#000000', label: 'Knie über Zehen 👍' },
  {
    type: 'angle',
    points: [
      [0.2, 0.8],
      [0.5, 0.5],
      [0.8, 0.8],
    ],
    color: '#fa8072',
    label: '膝の角度',
  },
];

describe('time codes and drawings on feedback', () => {
  it('stores a range and a drawing of every type and reads them back identical', async () => {
    expect(EVERY_TYPE.map((shape) => shape.type).sort()).toEqual([...DRAWING_SHAPE_TYPES].sort());
    const drawing: FeedbackDrawing = { frame: 17, shapes: EVERY_TYPE };
    const res = await give(fileVideo.id, {
      content: 'Knees',
      timecode: { start: 0.4, end: 1.8666666666666667 },
      drawing,
    });
    expect(res.status).toBe(201);
    expect(res.body.timecode).toStrictEqual({ start: 0.4, end: 1.8666666666666667 });
    expect(res.body.drawing).toStrictEqual(drawing);

    const moment = await give(fileVideo.id, { content: 'Heels', timecode: { start: 1.2 } });
    expect(moment.status).toBe(201);
    expect(moment.body.timecode).toStrictEqual({ start: 1.2 });
    expect(moment.body.drawing).toBeNull();
    const plain = await give(fileVideo.id, { content: 'Good depth overall', timecode: null, drawing: null });
    expect(plain.status).toBe(201);
    expect([plain.body.timecode, plain.body.drawing]).toEqual([null, null]);

    const read = await listed(fileVideo.id);
    for (const given of [res.body, moment.body, plain.body]) {
      expect(read.find((item) => item.id === given.id)).toStrictEqual(given);
    }
    // A visitor reads the same.
    const asVisitor = (await new HttpSession(stack.baseUrl).get<FeedbackDto[]>(`/api/feedback/video/${fileVideo.id}`))
      .body;
    expect(asVisitor.find((item) => item.id === res.body.id)).toMatchObject({ timecode: res.body.timecode, drawing });
  });

  it('takes a time code and a drawing only within the video, and no drawing on a YouTube link', async () => {
    await publishFrameCount();
    const shape = EVERY_TYPE[0]!;
    const refusals: [string, number, unknown, string][] = [
      ['a start after the end', fileVideo.id, { timecode: { start: 2.6 } }, ANNOTATION_MESSAGES.timecodeBeyondVideo],
      [
        'a range past the end',
        fileVideo.id,
        { timecode: { start: 1, end: 3 } },
        ANNOTATION_MESSAGES.timecodeBeyondVideo,
      ],
      [
        'a frame past the last',
        fileVideo.id,
        { drawing: { frame: CLIP.frames, shapes: [shape] } },
        ANNOTATION_MESSAGES.drawingFrameBeyondVideo,
      ],
      [
        'a drawing on a link',
        linkVideo.id,
        { drawing: { frame: 0, shapes: [shape] } },
        ANNOTATION_MESSAGES.drawingOnLinkedVideo,
      ],
    ];
    for (const [what, videoId, fields, message] of refusals) {
      const res = await give(videoId, { content: `Check ${what}`, ...(fields as object) });
      expect({ what, status: res.status, message: res.body.message }).toEqual({ what, status: 400, message });
    }
    const accepted = await give(fileVideo.id, {
      content: 'To the end',
      timecode: { start: 1.5, end: 2 },
      drawing: { frame: CLIP.frames - 1, shapes: [shape] },
    });
    expect(accepted.status).toBe(201);
    const onLink = await give(linkVideo.id, { content: 'At 0:42', timecode: { start: 42, end: 45.5 } });
    expect(onLink.status).toBe(201);
    expect(onLink.body.timecode).toEqual({ start: 42, end: 45.5 });
    expect((await listed(linkVideo.id)).map((item) => item.content)).toEqual(['At 0:42']);
  });

  it('takes the same short comment again with another time code or drawing, but not the very same feedback', async () => {
    const shape = EVERY_TYPE[1]!;
    const bodies = [
      { content: 'Here', timecode: { start: 0.5 } },
      { content: 'Here', timecode: { start: 0.5, end: 1 } },
      { content: 'Here', timecode: { start: 0.5 }, drawing: { frame: 7, shapes: [shape] } },
      { content: 'Here', timecode: { start: 0.5 }, drawing: { frame: 8, shapes: [shape] } },
    ];
    for (const body of bodies) expect((await give(fileVideo.id, body)).status).toBe(201);
    const again = await give(fileVideo.id, bodies[2]);
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: 'You have already given this feedback on this video today',
    });
  });

  it('answers a drawing over 32 KB with its rule, and a body over 1 MB with 413 and a message', async () => {
    // 3,000 full-precision points: about 120 KB, far under the 1 MB a JSON body may be.
    const stroke = {
      type: 'freehand',
      color: '#ff0000',
      points: Array.from({ length: 3000 }, (_, i) => [(i * 0.6180339887498949) % 1, (i * 0.7071067811865476) % 1]),
    };
    const large = await give(fileVideo.id, { content: 'Long stroke', drawing: { frame: 1, shapes: [stroke] } });
    expect({ status: large.status, message: large.body.message }).toEqual({
      status: 400,
      message: ANNOTATION_MESSAGES.drawingTooLarge,
    });

    const huge = await give(fileVideo.id, {
      content: 'x',
      drawing: { frame: 1, shapes: [], notes: 'x'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ message: 'The request body must be 1 MB or less' });
  });
});

// ---------------------------------------------------------------------------------------------
// Fuzz: malformed drawings, generated from a seeded PRNG so every run sends the same 1,000.

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A JSON token written as is: numbers JSON.stringify cannot write (1e400 parses as Infinity). */
class RawJson {
  constructor(readonly text: string) {}
}

function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

type Json = unknown;
/** Kinds of breakage the fuzzer knows (below). */
const MUTATIONS = 20;
type Shape = Record<string, Json>;
type Drawing = { frame?: Json; shapes?: Json; [key: string]: Json };

function fuzzer(seed: number) {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const coordinate = () => Math.round(random() * 10_000) / 10_000;
  const point = () => [coordinate(), coordinate()];
  const color = () => `#${int(0, 0xffffff).toString(16).padStart(6, '0')}`;
  const word = () => pick(['knee', 'hip', 'elbow', 'toss', 'Schulter', 'épaule', '肘', 'follow through', '👍']);
  const pointsFor = (type: DrawingShapeType) =>
    Array.from({ length: type === 'freehand' ? int(2, 30) : ANNOTATION_LIMITS.pointsPerShape[type] }, point);

  const validShape = (type: DrawingShapeType = pick(DRAWING_SHAPE_TYPES)): Shape => ({
    type,
    points: pointsFor(type),
    color: color(),
    ...(type === 'text' || random() < 0.3 ? { label: word() } : {}),
  });
  const validDrawing = (): Drawing => ({
    frame: int(0, CLIP.frames - 1),
    shapes: Array.from({ length: int(1, 6) }, () => validShape()),
  });

  const nested = (depth: number): Json => {
    let value: Json = pick([0.5, 'x', null, true, {}]);
    for (let i = 0; i < depth; i += 1) value = random() < 0.5 ? [value] : { [pick(['a', 'points', 'x'])]: value };
    return value;
  };
  const controlCharacter = () =>
    String.fromCodePoint(
      pick([int(0x00, 0x1f), 0x7f, int(0x80, 0x9f), int(0x202a, 0x202e), int(0x2066, 0x2069)] as const),
    );

  const shapesOf = (drawing: Drawing): Shape[] | null =>
    Array.isArray(drawing.shapes) &&
    drawing.shapes.length > 0 &&
    drawing.shapes.every((s) => s !== null && typeof s === 'object' && !Array.isArray(s))
      ? (drawing.shapes as Shape[])
      : null;
  /** A shape of the drawing to break; when none is left to break (already broken), nothing happens. */
  const withShape = (drawing: Drawing, breakIt: (shape: Shape) => void) => {
    const shapes = shapesOf(drawing);
    if (shapes) breakIt(pick(shapes));
  };
  const withPoints = (drawing: Drawing, breakIt: (points: Json[]) => void) =>
    withShape(drawing, (shape) => {
      if (Array.isArray(shape.points) && shape.points.length) breakIt(shape.points);
    });

  /** Each breaks one rule, whatever else the drawing holds. */
  const mutations: Record<string, (drawing: Drawing) => Drawing | Json> = {
    'drawing not an object': () => pick<Json>(['arrow', 42, true, false, [], [validShape()], '', 0, '{}']),
    'bad frame': (d) => {
      const frame = pick<Json>([
        -1,
        -0.5,
        1.5,
        '3',
        'NaN',
        null,
        {},
        [],
        true,
        2 ** 53,
        new RawJson('1e400'),
        undefined,
      ]);
      return { ...d, frame };
    },
    'bad shapes list': (d) => ({
      ...d,
      shapes: pick<Json>([null, 'x', 5, {}, { 0: validShape() }, [], true, undefined]),
    }),
    'too many shapes': (d) => ({ ...d, shapes: Array.from({ length: int(51, 90) }, () => validShape()) }),
    'shape not an object': (d) => {
      const shapes = Array.isArray(d.shapes) ? [...(d.shapes as Json[])] : [validShape()];
      shapes[int(0, shapes.length - 1)] = pick<Json>([
        null,
        1,
        'arrow',
        [],
        [
          [0, 0],
          [1, 1],
        ],
        true,
      ]);
      return { ...d, shapes };
    },
    'unknown type': (d) => {
      withShape(d, (s) => {
        s.type = pick<Json>([
          'star',
          'Arrow',
          'ARROW',
          '',
          ' arrow',
          'arrow ',
          null,
          1,
          [],
          {},
          'polygon',
          'text\u0000',
        ]);
      });
      return d;
    },
    'missing type': (d) => {
      withShape(d, (s) => delete s.type);
      return d;
    },
    'wrong number of points': (d) => {
      withShape(d, (s) => {
        const type = s.type as DrawingShapeType;
        const required = type === 'freehand' ? 2 : ANNOTATION_LIMITS.pointsPerShape[type];
        const wrong = type === 'freehand' ? int(0, 1) : pick([0, 1, 2, 3, 4, 6].filter((n) => n !== required));
        s.points = Array.from({ length: wrong }, point);
      });
      return d;
    },
    'points not a list': (d) => {
      withShape(d, (s) => {
        s.points = pick<Json>([null, 'x', {}, 1, { 0: [0, 0], 1: [1, 1] }, '0.1,0.2 0.3,0.4', undefined]);
      });
      return d;
    },
    'bad point': (d) => {
      withPoints(d, (points) => {
        points[int(0, points.length - 1)] = pick<Json>([
          [0.5],
          [0.5, 0.5, 0.5],
          [],
          { x: 0.5, y: 0.5 },
          '0.5,0.5',
          null,
          0.5,
          [[0.5, 0.5]],
          [[0.5], [0.5]],
        ]);
      });
      return d;
    },
    'coordinate not a number': (d) => {
      withPoints(d, (points) => {
        const at = int(0, points.length - 1);
        const broken = [...(points[at] as Json[])];
        broken[int(0, 1)] = pick<Json>([
          'NaN',
          'Infinity',
          '-Infinity',
          '0.5',
          '',
          null,
          true,
          {},
          [],
          new RawJson('1e400'),
          new RawJson('-1e400'),
        ]);
        points[at] = broken;
      });
      return d;
    },
    'coordinate out of range': (d) => {
      withPoints(d, (points) => {
        const at = int(0, points.length - 1);
        const broken = [...(points[at] as Json[])];
        broken[int(0, 1)] = pick([
          -random() * 1000 - 1e-9,
          1 + random() * 1000 + 1e-9,
          -0.0001,
          1.0001,
          -1e-300,
          640,
          1080,
          Number.MAX_VALUE,
        ]);
        points[at] = broken;
      });
      return d;
    },
    'too many points in all': (d) => {
      // Coordinates 0 and 1 keep it under 32 KB, so the count is what breaks.
      const total = int(ANNOTATION_LIMITS.maxPoints + 1, ANNOTATION_LIMITS.maxPoints + 800);
      const strokes = int(2, 4);
      const shapes = Array.from({ length: strokes }, (_, i) => ({
        type: 'freehand',
        color: color(),
        points: Array.from({ length: Math.ceil(total / strokes) + (i === 0 ? 1 : 0) }, (_, j) => [j % 2, (j + 1) % 2]),
      }));
      return { ...d, shapes };
    },
    'over 32 KB': (d) => {
      const full = () => [random(), random()];
      const points = int(1500, 4000);
      return { ...d, shapes: [{ type: 'freehand', color: color(), points: Array.from({ length: points }, full) }] };
    },
    'bad colour': (d) => {
      withShape(d, (s) => {
        s.color = pick<Json>([
          'red',
          '#fff',
          '#ff000',
          '#ff00000',
          '#gggggg',
          'ff0000',
          '#ff0000 ',
          ' #ff0000',
          '',
          null,
          123,
          [],
          {},
          'rgb(0,0,0)',
          '#ff00ff\u0000',
          '＃ff0000',
          undefined,
        ]);
      });
      return d;
    },
    'label with a control character': (d) => {
      withShape(d, (s) => {
        s.label = `${word()}${controlCharacter()}${word()}`;
      });
      return d;
    },
    'label too long': (d) => {
      withShape(d, (s) => {
        s.label = Array.from({ length: int(ANNOTATION_LIMITS.maxLabelLength + 1, 300) }, () =>
          pick(['a', 'é', '肘', '👍', 'Z']),
        ).join('');
      });
      return d;
    },
    'label not text': (d) => {
      withShape(d, (s) => {
        s.label = pick<Json>([1, true, [], {}, ['knee'], { text: 'knee' }]);
      });
      return d;
    },
    'text without a label': (d) => {
      const shapes = shapesOf(d) ?? [];
      const text = { ...validShape('text'), label: pick<Json>([undefined, null, '', '   ', '\u200b', '\u3000\u200d']) };
      return { ...d, shapes: [...shapes, text].slice(-ANNOTATION_LIMITS.maxShapes) };
    },
    'nested garbage': (d) => {
      const garbage = nested(int(2, 200));
      const where = pick(['frame', 'shapes', 'shape', 'type', 'points', 'point', 'coordinate', 'color'] as const);
      if (where === 'frame' || where === 'shapes') return { ...d, [where]: garbage };
      if (where === 'shape') {
        const shapes = Array.isArray(d.shapes) ? [...(d.shapes as Json[])] : [];
        shapes.push(garbage);
        return { ...d, shapes };
      }
      if (where === 'type' || where === 'points' || where === 'color') {
        withShape(d, (s) => {
          s[where] = garbage;
        });
        return d;
      }
      withPoints(d, (points) => {
        const at = int(0, points.length - 1);
        points[at] = where === 'point' ? garbage : [garbage, 0.5];
      });
      return d;
    },
  };
  const names = Object.keys(mutations);
  expect(names).toHaveLength(MUTATIONS);

  return {
    validDrawing,
    /** A valid drawing with one rule broken, now and then two. */
    malformed(): { broken: string[]; body: string } {
      let drawing: Drawing | Json = validDrawing();
      const broken = Array.from({ length: random() < 0.25 ? 2 : 1 }, () => pick(names));
      for (const name of broken) {
        const current = drawing !== null && typeof drawing === 'object' && !Array.isArray(drawing) ? drawing : null;
        drawing = current ? mutations[name]!(current as Drawing) : drawing;
      }
      return { broken, body: toJson({ content: 'Fuzz', drawing }) };
    },
  };
}

/** Runs the tasks with at most `limit` at once; answers in order. */
async function inBatches<T, R>(items: readonly T[], limit: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await run(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

describe('malformed drawings', () => {
  const SEED = 0x15d7a3;
  const PAYLOADS = 1000;

  it('the generator’s drawings, before they are broken, are accepted (so a 400 below is the broken rule)', async () => {
    const { validDrawing } = fuzzer(SEED ^ 0xffff);
    const answers = await inBatches(
      Array.from({ length: 20 }, (_, i) => ({ content: `Valid ${i}`, drawing: validDrawing() })),
      4,
      (body) => give(fileVideo.id, body),
    );
    expect(answers.map((res) => res.status)).toEqual(answers.map(() => 201));
  });

  it(`answers each of ${PAYLOADS} malformed drawings 400 with the rule it breaks, and none 5xx`, async () => {
    const { malformed } = fuzzer(SEED);
    const payloads = Array.from({ length: PAYLOADS }, malformed);
    const started = Date.now();
    const answers = await inBatches(payloads, 8, async ({ broken, body }) => {
      const res = await coach.request<{ message?: string }>('POST', `/api/videos/${fileVideo.id}/feedback`, {
        headers: { 'content-type': 'application/json' },
        text: body,
      });
      return { broken, status: res.status, message: res.body.message };
    });
    const elapsed = Date.now() - started;

    const known = new Set<string>(
      Object.values(ANNOTATION_MESSAGES).flatMap((message) =>
        typeof message === 'string' ? [message] : Object.values(message),
      ),
    );
    const byStatus = new Map<number, number>();
    const byMessage = new Map<string, number>();
    for (const { status, message } of answers) {
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      byMessage.set(String(message), (byMessage.get(String(message)) ?? 0) + 1);
    }
    const mutationsUsed = new Set(payloads.flatMap((payload) => payload.broken));
    console.log(
      JSON.stringify(
        {
          payloads: answers.length,
          elapsedMs: elapsed,
          mutations: mutationsUsed.size,
          byStatus: Object.fromEntries(byStatus),
          byMessage: Object.fromEntries([...byMessage].sort((a, b) => b[1] - a[1])),
        },
        null,
        2,
      ),
    );

    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.status !== 400)).toEqual([]);
    expect(answers.filter((answer) => !known.has(String(answer.message)))).toEqual([]);
    // Every kind of breakage was sent, and the answers name many different rules.
    expect(mutationsUsed.size).toBe(MUTATIONS);
    expect(byMessage.size).toBeGreaterThanOrEqual(15);
    // Nothing malformed was stored.
    expect((await listed(fileVideo.id)).filter((item) => item.content === 'Fuzz')).toEqual([]);
  });
});
