import { describe, expect, it } from '@jest/globals';
import {
  analyseFrames,
  choosePlaybackRate,
  frameTimingProblems,
  keyframeIntervalFrames,
  nearestStandardRate,
  parseRational,
  playbackFramesOf,
  rateFromMeasurement,
  type FrameTiming,
  type PacketScan,
} from './frame-timing.js';
import { parsePacketScan } from './ffprobe.js';

const r = (num: number, den = 1) => ({ num, den });

/** A scan of `count` frames `interval` ticks apart (plus `jitter(i)`), a keyframe every `gop`. */
function scan(options: {
  timeBase: [number, number];
  count: number;
  interval: number;
  gop?: number;
  first?: number;
  fileStartTime?: number | null;
  jitter?: (i: number) => number;
  drop?: (i: number) => boolean;
}): PacketScan {
  const { count, interval, gop = count, first = 0, jitter = () => 0, drop = () => false } = options;
  const packets = Array.from({ length: count }, (_, i) => ({
    pts: first + i * interval + jitter(i),
    keyframe: i % gop === 0,
  })).filter((_, i) => !drop(i));
  return { timeBase: r(...options.timeBase), fileStartTime: options.fileStartTime ?? 0, packets };
}

/** A timing as analyseFrames answers it, with overrides. */
const timing = (overrides: Partial<FrameTiming> = {}): FrameTiming => ({
  frameCount: 60,
  startTime: 0,
  startOffset: 0,
  constantRate: r(30),
  variable: false,
  meanFps: 30,
  typicalFps: 30,
  maxKeyframeGap: 15,
  ...overrides,
});

describe('parseRational (ffprobe’s rates)', () => {
  it('reads exact fractions, reduced', () => {
    expect(parseRational('30000/1001')).toEqual(r(30000, 1001));
    expect(parseRational('25/1')).toEqual(r(25));
    expect(parseRational('50/2')).toEqual(r(25));
    expect(parseRational('1000/1')).toEqual(r(1000));
    expect(parseRational('60')).toEqual(r(60));
    expect(parseRational('1/15360')).toEqual(r(1, 15360));
  });

  it('has no rate for ffprobe’s unknowns and anything else', () => {
    for (const text of ['0/0', '0/1', '30/0', 'N/A', '', '-30/1', '29.97', '30/1/2', undefined, null]) {
      expect(parseRational(text)).toBeNull();
    }
  });
});

describe('standard rates', () => {
  it('finds the nearest by ratio, telling the NTSC rates from the whole ones', () => {
    expect(nearestStandardRate(29.97)).toEqual(r(30000, 1001));
    expect(nearestStandardRate(29.99)).toEqual(r(30));
    expect(nearestStandardRate(23.98)).toEqual(r(24000, 1001));
    expect(nearestStandardRate(59.94)).toEqual(r(60000, 1001));
    expect(nearestStandardRate(28)).toEqual(r(30000, 1001));
    expect(nearestStandardRate(26)).toEqual(r(25));
    expect(nearestStandardRate(14)).toEqual(r(15));
    expect(nearestStandardRate(118)).toEqual(r(120000, 1001));
    expect(nearestStandardRate(500)).toEqual(r(240));
  });

  it('turns a measurement into the standard rate it is, or itself to a thousandth', () => {
    // A mean over timestamps rounded to milliseconds.
    expect(rateFromMeasurement(29.965)).toEqual(r(30000, 1001));
    expect(rateFromMeasurement(29.995)).toEqual(r(30));
    expect(rateFromMeasurement(12.5)).toEqual(r(25, 2));
    expect(rateFromMeasurement(17.3)).toEqual(r(173, 10));
  });

  it('keeps keyframes at most about half a second apart', () => {
    expect(keyframeIntervalFrames(r(25))).toBe(12);
    expect(keyframeIntervalFrames(r(30))).toBe(15);
    expect(keyframeIntervalFrames(r(30000, 1001))).toBe(15);
    expect(keyframeIntervalFrames(r(60))).toBe(30);
    expect(keyframeIntervalFrames(r(60000, 1001))).toBe(30);
    expect(keyframeIntervalFrames(r(24000, 1001))).toBe(12);
    expect(keyframeIntervalFrames(r(240))).toBe(120);
    expect(keyframeIntervalFrames(r(1))).toBe(1);
  });
});

describe('analyseFrames (a packet scan)', () => {
  it('reads a constant rate exactly from the ticks: 30000/1001 in 1/30000', () => {
    expect(analyseFrames(scan({ timeBase: [1, 30000], count: 120, interval: 1001, gop: 15 }))).toEqual({
      frameCount: 120,
      startTime: 0,
      startOffset: 0,
      constantRate: r(30000, 1001),
      variable: false,
      meanFps: expect.closeTo(29.97, 2),
      typicalFps: expect.closeTo(29.97, 2),
      maxKeyframeGap: 15,
    });
    // MP4's 15360 ticks a second: 512 per frame is 30 fps, 256 is 60.
    expect(analyseFrames(scan({ timeBase: [1, 15360], count: 60, interval: 512 }))?.constantRate).toEqual(r(30));
    expect(analyseFrames(scan({ timeBase: [1, 15360], count: 60, interval: 256 }))?.constantRate).toEqual(r(60));
    expect(analyseFrames(scan({ timeBase: [1, 12800], count: 50, interval: 512 }))?.constantRate).toEqual(r(25));
  });

  it('orders packets by presentation time (B-frames come in decode order)', () => {
    const decodeOrder = [0, 3, 1, 2, 6, 4, 5].map((i) => ({ pts: i * 512, keyframe: i === 0 }));
    expect(analyseFrames({ timeBase: r(1, 15360), fileStartTime: 0, packets: decodeOrder })).toMatchObject({
      frameCount: 7,
      constantRate: r(30),
      maxKeyframeGap: 7,
    });
  });

  it('calls a constant rate in millisecond ticks (33, 34, 33) constant but not exact', () => {
    const webm = analyseFrames(
      scan({ timeBase: [1, 1000], count: 60, interval: 0, jitter: (i) => Math.round((i * 1000) / 30) }),
    );
    expect(webm).toMatchObject({ constantRate: null, variable: false, meanFps: expect.closeTo(29.99, 1) });
  });

  it('calls dropped frames and capture jitter variable, and reads the typical rate past them', () => {
    const phone = analyseFrames(
      scan({
        timeBase: [1, 90000],
        count: 90,
        interval: 3000,
        jitter: (i) => Math.round(360 * Math.sin(i * 1.7)),
        drop: (i) => i % 11 === 5,
      }),
    );
    expect(phone).toMatchObject({ frameCount: 82, constantRate: null, variable: true });
    expect(phone!.meanFps).toBeLessThan(28);
    expect(phone!.typicalFps).toBeCloseTo(30, 0);
  });

  it('measures the longest run from a keyframe, the run after the last one included', () => {
    expect(analyseFrames(scan({ timeBase: [1, 15360], count: 30, interval: 1024 }))?.maxKeyframeGap).toBe(30);
    expect(analyseFrames(scan({ timeBase: [1, 15360], count: 30, interval: 1024, gop: 7 }))?.maxKeyframeGap).toBe(7);
    const noLeadingKeyframe = scan({ timeBase: [1, 15360], count: 20, interval: 1024, gop: 10 });
    noLeadingKeyframe.packets[0]!.keyframe = false;
    expect(analyseFrames(noLeadingKeyframe)?.maxKeyframeGap).toBe(10);
  });

  it('says where the first frame is, in the file and from the file’s start', () => {
    expect(
      analyseFrames(scan({ timeBase: [1, 1000], count: 10, interval: 40, first: 100, fileStartTime: 0 })),
    ).toMatchObject({ startTime: 0.1, startOffset: 0.1 });
    expect(
      analyseFrames(scan({ timeBase: [1, 1000], count: 10, interval: 40, first: 100, fileStartTime: 0.1 })),
    ).toMatchObject({ startTime: 0.1, startOffset: 0 });
  });

  it('has no rate for a single frame, and nothing for no frame', () => {
    expect(analyseFrames(scan({ timeBase: [1, 1000], count: 1, interval: 40 }))).toMatchObject({
      frameCount: 1,
      constantRate: null,
      meanFps: null,
      maxKeyframeGap: 1,
    });
    expect(analyseFrames({ timeBase: r(1, 1000), fileStartTime: 0, packets: [] })).toBeNull();
  });
});

describe('choosePlaybackRate', () => {
  it('keeps the rate of a constant-rate stream exactly', () => {
    expect(choosePlaybackRate({}, timing({ constantRate: r(30000, 1001) }))).toEqual(r(30000, 1001));
    expect(choosePlaybackRate({ baseFrameRate: r(1000) }, timing({ constantRate: r(25) }))).toEqual(r(25));
  });

  it('takes r_frame_rate for a stream constant up to its millisecond ticks, unless it is a timebase guess', () => {
    const webm = timing({ constantRate: null, meanFps: 29.965, typicalFps: 30.3 });
    expect(choosePlaybackRate({ baseFrameRate: r(30000, 1001) }, webm)).toEqual(r(30000, 1001));
    // MediaRecorder WebM: r_frame_rate says 1000/1, the timestamps say 29.97.
    expect(choosePlaybackRate({ baseFrameRate: r(1000), averageFrameRate: r(1000) }, webm)).toEqual(r(30000, 1001));
  });

  it('gives a variable-rate stream the standard rate of its typical interval, or r_frame_rate when that is it', () => {
    const phone = timing({ constantRate: null, variable: true, meanFps: 27.3, typicalFps: 30.02 });
    expect(choosePlaybackRate({ baseFrameRate: r(600) }, phone)).toEqual(r(30));
    expect(choosePlaybackRate({ baseFrameRate: r(30000, 1001) }, phone)).toEqual(r(30000, 1001));
    const slowMotion = timing({ constantRate: null, variable: true, meanFps: 200, typicalFps: 239.7 });
    expect(choosePlaybackRate({}, slowMotion)).toEqual(r(240));
    const odd = timing({ constantRate: null, variable: true, meanFps: 12.4, typicalFps: 12.5 });
    expect(choosePlaybackRate({ baseFrameRate: r(25, 2) }, odd)).toEqual(r(25, 2));
  });

  it('goes by the stated rates without a scan, and at worst plays 30', () => {
    expect(choosePlaybackRate({ baseFrameRate: r(25), averageFrameRate: r(25) }, null)).toEqual(r(25));
    expect(choosePlaybackRate({ baseFrameRate: r(1000), averageFrameRate: r(2997, 100) }, null)).toEqual(
      r(30000, 1001),
    );
    expect(choosePlaybackRate({ baseFrameRate: r(50) }, null)).toEqual(r(50));
    expect(choosePlaybackRate({}, null)).toEqual(r(30));
  });

  it('never plays faster than 240', () => {
    expect(choosePlaybackRate({}, timing({ constantRate: r(300) }))).toEqual(r(240));
  });
});

describe('frameTimingProblems (what keeps a stream from being copied as it is)', () => {
  it('has none for a constant rate with keyframes every half second from the file’s start', () => {
    expect(frameTimingProblems(timing())).toEqual([]);
    expect(frameTimingProblems(timing({ constantRate: r(25), maxKeyframeGap: 12 }))).toEqual([]);
  });

  it('names a variable rate, a rate not exact in its ticks, long GOPs, a late first frame and no scan', () => {
    expect(frameTimingProblems(timing({ constantRate: null, variable: true }))).toEqual(['variable frame rate']);
    expect(frameTimingProblems(timing({ constantRate: null }))).toEqual(['frame rate not exact']);
    expect(frameTimingProblems(timing({ maxKeyframeGap: 16 }))).toEqual(['keyframes 0.53 s apart']);
    expect(frameTimingProblems(timing({ startOffset: 0.1 }))).toEqual(['first frame at 0.100 s']);
    expect(frameTimingProblems(null)).toEqual(['frame timing unknown']);
  });
});

describe('playbackFramesOf (what the player steps through)', () => {
  it('is the playback file’s exact rate, frames and first frame', () => {
    expect(playbackFramesOf(timing({ constantRate: r(30000, 1001), frameCount: 120 }), {})).toEqual({
      frameRate: r(30000, 1001),
      frameCount: 120,
      startTime: 0,
    });
    expect(playbackFramesOf(null, { baseFrameRate: r(30) })).toBeNull();
  });
});

describe('parsePacketScan (ffprobe -show_entries … -of compact=p=1)', () => {
  it('reads packets, the stream’s timebase and the file’s start, leaving out discarded packets', () => {
    const output = [
      'packet|pts=-1024|dts=-2048|flags=_D',
      'packet|pts=0|dts=-1024|flags=K_',
      'packet|pts=1024|dts=0|flags=__',
      'packet|pts=N/A|dts=2048|flags=__',
      'packet|pts=N/A|dts=N/A|flags=__',
      'stream|time_base=1/15360',
      'format|start_time=0.000000',
      '',
    ].join('\n');
    expect(parsePacketScan(output)).toEqual({
      timeBase: r(1, 15360),
      fileStartTime: 0,
      packets: [
        { pts: 0, keyframe: true },
        { pts: 1024, keyframe: false },
        { pts: 2048, keyframe: false },
      ],
    });
  });

  it('has nothing without a timebase or a packet', () => {
    expect(parsePacketScan('stream|time_base=1/1000\nformat|start_time=0.0\n')).toBeNull();
    expect(parsePacketScan('packet|pts=0|dts=0|flags=K_\n')).toBeNull();
  });
});
