import { describe, expect, it } from '@jest/globals';
import {
  clampFrame,
  formatFrameTime,
  formatTimeAsFrame,
  frameAtTime,
  frameSeekTime,
  frameStartTime,
  lastFrameIndex,
  parseFrameTime,
  realTimeShare,
  timecodeSecondsForFrame,
} from '@/lib/frame-clock';

const NTSC = 30000 / 1001;
const FILM = 24000 / 1001;
const RATES = [25, 30, 60, NTSC, FILM, 50, 120, 240];

describe('frame clock', () => {
  it('names the frame on screen at a time: frame k covers [k / rate, (k + 1) / rate)', () => {
    expect(frameAtTime(0, 30)).toBe(0);
    expect(frameAtTime(1 / 30 - 1e-4, 30)).toBe(0);
    expect(frameAtTime(1 / 30, 30)).toBe(1);
    expect(frameAtTime(1, 25)).toBe(25);
    expect(frameAtTime(1.001, NTSC)).toBe(30);
    expect(frameAtTime(0.999, NTSC)).toBe(29);
    expect(frameAtTime(-1, 30)).toBe(0);
    expect(frameAtTime(Number.NaN, 30)).toBe(0);
  });

  it.each(RATES)(
    'round-trips every frame of two minutes at %d fps through its seek time, start and µs-rounded time',
    (rate) => {
      const wrong: string[] = [];
      for (let frame = 0; frame < rate * 120; frame += 1) {
        const start = frameStartTime(frame, rate);
        const readings = {
          seek: frameAtTime(frameSeekTime(frame, rate), rate),
          start: frameAtTime(start, rate),
          // A browser reports the start of a frame rounded (down or up) to the microsecond.
          startDown: frameAtTime(Math.floor(start * 1e6) / 1e6, rate),
          startUp: frameAtTime(Math.ceil(start * 1e6) / 1e6, rate),
          timecode: frameAtTime(timecodeSecondsForFrame(frame, rate), rate),
        };
        for (const [how, read] of Object.entries(readings))
          if (read !== frame) wrong.push(`${frame} by ${how}: ${read}`);
      }
      expect(wrong).toEqual([]);
    },
  );

  it('seeks to the middle of a frame', () => {
    expect(frameSeekTime(0, 25)).toBeCloseTo(0.02, 10);
    expect(frameSeekTime(10, 30)).toBeCloseTo(10.5 / 30, 10);
  });

  it('finds the last frame from the frame count, else from the duration', () => {
    expect(lastFrameIndex(150, 5, 30)).toBe(149);
    expect(lastFrameIndex(null, 5, 30)).toBe(149);
    expect(lastFrameIndex(null, 5.02, 30)).toBe(150);
    expect(lastFrameIndex(null, 150 / NTSC, NTSC)).toBe(149);
    expect(lastFrameIndex(undefined, Number.NaN, 30)).toBeNull();
    expect(lastFrameIndex(null, null, 30)).toBeNull();
    expect(lastFrameIndex(0, 2, 30)).toBe(59);
  });

  it('clamps a frame to [0, last frame], whole', () => {
    expect(clampFrame(-3, 149)).toBe(0);
    expect(clampFrame(150, 149)).toBe(149);
    expect(clampFrame(42, 149)).toBe(42);
    expect(clampFrame(1e6, null)).toBe(1e6);
    expect(clampFrame(2.0000001, 149)).toBe(2);
  });

  it('formats m:ss.ff with the frame within its second', () => {
    expect(formatFrameTime(0, 30)).toBe('0:00.00');
    expect(formatFrameTime(29, 30)).toBe('0:00.29');
    expect(formatFrameTime(30, 30)).toBe('0:01.00');
    expect(formatFrameTime(102, 30)).toBe('0:03.12');
    expect(formatFrameTime(24, 25)).toBe('0:00.24');
    expect(formatFrameTime(25 * 61 + 7, 25)).toBe('1:01.07');
    expect(formatFrameTime(30 * 3600 + 5, 30)).toBe('1:00:00.05');
    // 29.97 fps: second 1 starts with frame 30, second 2 with frame 60, second 34 with frame 1019.
    expect(formatFrameTime(29, NTSC)).toBe('0:00.29');
    expect(formatFrameTime(30, NTSC)).toBe('0:01.00');
    expect(formatFrameTime(59, NTSC)).toBe('0:01.29');
    expect(formatFrameTime(1018, NTSC)).toBe('0:33.28');
    expect(formatFrameTime(1019, NTSC)).toBe('0:34.00');
    // Above 100 fps the frame part needs three digits.
    expect(formatFrameTime(239, 240)).toBe('0:00.239');
    expect(formatFrameTime(245, 240)).toBe('0:01.005');
    expect(formatTimeAsFrame(3.41, 30)).toBe('0:03.12');
  });

  it.each(RATES)('parses back every frame it formats at %d fps', (rate) => {
    const wrong: string[] = [];
    for (let frame = 0; frame < rate * 120; frame += 1) {
      const text = formatFrameTime(frame, rate);
      if (parseFrameTime(text, rate) !== frame) wrong.push(`${frame} → ${text}`);
    }
    expect(wrong).toEqual([]);
  });

  it('parses edited loop times and refuses what is not one', () => {
    expect(parseFrameTime(' 0:03.12 ', 30)).toBe(102);
    expect(parseFrameTime('0:03', 30)).toBe(90);
    expect(parseFrameTime('0:03.5', 30)).toBe(95);
    expect(parseFrameTime('1:00:00.05', 30)).toBe(30 * 3600 + 5);
    expect(parseFrameTime('0:00.30', 30)).toBeNull();
    expect(parseFrameTime('0:01.29', NTSC)).toBe(59);
    // Second 0 at 29.97 fps has 30 frames, second 33 only 29.
    expect(parseFrameTime('0:00.29', NTSC)).toBe(29);
    expect(parseFrameTime('0:33.29', NTSC)).toBeNull();
    for (const text of ['', 'abc', '3.12', '0:60.00', '0:3.12', '-0:01.00', '0:01.', '0:01.1234']) {
      expect(parseFrameTime(text, 30)).toBeNull();
    }
  });

  it('stores a frame as its middle, to the microsecond', () => {
    expect(timecodeSecondsForFrame(102, 30)).toBe(3.416667);
    expect(timecodeSecondsForFrame(0, 25)).toBe(0.02);
  });

  it('reads a speed as a share of real time for slow-motion footage only', () => {
    expect(realTimeShare(30, 0.25)).toBeNull();
    expect(realTimeShare(240, 0.25)).toBe('25% of real time, 60 of its 240 frames a second');
    expect(realTimeShare(120, 0.1)).toBe('10% of real time, 12 of its 120 frames a second');
  });
});
