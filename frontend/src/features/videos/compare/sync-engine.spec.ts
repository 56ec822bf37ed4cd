import { describe, expect, it } from '@jest/globals';
import {
  finalOffset,
  frameAtOffset,
  holdTime,
  nudgedRate,
  seekThreshold,
  stepOffset,
  stepRate,
  SYNC_TUNING,
  tick,
  transportRange,
  type MediaReading,
  type SideTiming,
  type Transport,
} from '@/features/videos/compare/sync-engine';

// A 30 fps clip synced at frame 30 (1 s) and a 60 fps clip synced at frame 150 (2.5 s), 80 s each.
const A: SideTiming = { frameRate: 30, lastFrame: 2399, syncFrame: 30 };
const B: SideTiming = { frameRate: 60, lastFrame: 4799, syncFrame: 150 };
const SIDES = [A, B] as const;

const reading = (time: number, overrides: Partial<MediaReading> = {}): MediaReading => ({
  time,
  paused: false,
  seeking: false,
  canPlay: true,
  ...overrides,
});
const playing = (offset: number, speed = 1, atMs = 0): Transport => ({ playing: true, speed, offset, atMs });
const paused = (offset: number, speed = 1): Transport => ({ playing: false, speed, offset, atMs: 0 });

describe('frames at a transport offset', () => {
  it('shows both sync frames at offset 0 and keeps them on one moment as the offset moves', () => {
    expect([frameAtOffset(A, 0), frameAtOffset(B, 0)]).toEqual([30, 150]);
    for (let k = -30; k <= 300; k += 1) {
      const offset = k / 30;
      expect(frameAtOffset(A, offset)).toBe(30 + k);
      expect(frameAtOffset(B, offset)).toBe(150 + 2 * k);
    }
  });

  it('holds each side on the middle of its frame, its first frame before it starts and its last after it ends', () => {
    expect(holdTime(A, 0)).toBeCloseTo(30.5 / 30, 12);
    expect(holdTime(B, 1 / 30)).toBeCloseTo(152.5 / 60, 12);
    expect(frameAtOffset(A, -2)).toBe(0);
    expect(holdTime(A, -2)).toBeCloseTo(0.5 / 30, 12);
    expect(frameAtOffset(B, 1000)).toBe(4799);
  });

  it('spans from the earlier first frame to the later last frame', () => {
    expect(transportRange(A, B)).toEqual({ start: -2.5, end: 80 - 1 });
    expect(stepRate(A, B)).toBe(30);
  });
});

describe('linked steps', () => {
  const range = transportRange(A, B);

  it('moves one frame of the slower clip per step, on its frame grid', () => {
    let offset = 0;
    for (let step = 1; step <= 50; step += 1) {
      offset = stepOffset(offset, 1, 30, range);
      expect(frameAtOffset(A, offset)).toBe(30 + step);
      expect(frameAtOffset(B, offset)).toBe(150 + 2 * step);
    }
    for (let step = 49; step >= 0; step -= 1) {
      offset = stepOffset(offset, -1, 30, range);
      expect([frameAtOffset(A, offset), frameAtOffset(B, offset)]).toEqual([30 + step, 150 + 2 * step]);
    }
  });

  it('snaps a position between frames to the frame it lies in before stepping', () => {
    expect(stepOffset(0.051, 1, 30, range)).toBeCloseTo(2 / 30, 12);
    expect(stepOffset(0.051, -1, 30, range)).toBe(0);
  });

  it('stops at the first and last frames either clip has', () => {
    expect(stepOffset(-2.5, -1, 30, range)).toBe(-2.5);
    expect(stepOffset(79 - 1 / 30, 1, 30, range)).toBeCloseTo(79 - 1 / 30, 12);
    expect(finalOffset(A, B)).toBeCloseTo(79 - 1 / 30, 12);
  });
});

describe('nudging the follower', () => {
  it('slows a side that is ahead and speeds one that is behind, within the nudge limit', () => {
    expect(nudgedRate(1, 0.01)).toBeLessThan(1);
    expect(nudgedRate(1, -0.01)).toBeGreaterThan(1);
    expect(nudgedRate(0.25, 1)).toBeCloseTo(0.25 * (1 - SYNC_TUNING.maxNudge), 9);
    expect(nudgedRate(0.25, -1)).toBeCloseTo(0.25 * (1 + SYNC_TUNING.maxNudge), 9);
  });

  it('leaves a side within the dead band at the speed', () => {
    expect(nudgedRate(0.5, SYNC_TUNING.deadbandSeconds / 2)).toBe(0.5);
  });

  it('seeks instead when the drift is large, sooner at slow speeds', () => {
    expect(seekThreshold(0.1)).toBe(0.1);
    expect(seekThreshold(1)).toBe(0.5);
  });
});

describe('tick', () => {
  it('holds both on the frames of a paused transport, seeking only a side that is elsewhere', () => {
    const result = tick({
      transport: paused(1 / 30),
      sides: SIDES,
      readings: [reading(31.5 / 30, { paused: true }), reading(2, { paused: true })],
      nowMs: 5,
    });
    expect(result.plans[0]).toMatchObject({ play: false, seekTo: null });
    expect(result.plans[1].play).toBe(false);
    expect(result.plans[1].seekTo).toBeCloseTo(152.5 / 60, 12);
  });

  it('follows the master (side A) while it plays and nudges side B onto it', () => {
    // A is 10 s past its sync frame; B is 20 ms ahead of the same moment.
    const result = tick({
      transport: playing(9.9, 1, 0),
      sides: SIDES,
      readings: [reading(11), reading(12.52)],
      nowMs: 100,
    });
    expect(result.transport.offset).toBeCloseTo(10, 9);
    expect(result.plans[0]).toEqual({ play: true, rate: 1, seekTo: null, drift: 0 });
    expect(result.plans[1].drift).toBeCloseTo(0.02, 9);
    expect(result.plans[1].rate).toBeLessThan(1);
    expect(result.plans[1].seekTo).toBeNull();
  });

  it('seeks side B back onto the clock when it is far off', () => {
    const result = tick({ transport: playing(10), sides: SIDES, readings: [reading(11), reading(14)], nowMs: 0 });
    expect(result.plans[1].seekTo).toBeCloseTo(12.5, 9);
  });

  it('starts paused sides in range without seeking when they are close', () => {
    const result = tick({
      transport: playing(0),
      sides: SIDES,
      readings: [reading(30.5 / 30, { paused: true }), reading(150.5 / 60, { paused: true })],
      nowMs: 0,
    });
    expect(result.plans.map((plan) => [plan.play, plan.seekTo])).toEqual([
      [true, null],
      [true, null],
    ]);
  });

  it('runs a virtual clock while side A is before its first frame, holding A there', () => {
    const result = tick({
      transport: playing(-2, 0.5, 1000),
      sides: SIDES,
      readings: [reading(0.5 / 30, { paused: true }), reading(0.5)],
      nowMs: 1400,
    });
    expect(result.transport.offset).toBeCloseTo(-1.8, 9);
    expect(result.plans[0]).toMatchObject({ play: false, seekTo: null });
    expect(result.plans[1].play).toBe(true);
    expect(result.plans[1].drift).toBeCloseTo(-0.2, 9);
  });

  it('holds both, with the clock standing still, while a side waits for data', () => {
    const first = tick({
      transport: playing(10, 1, 0),
      sides: SIDES,
      readings: [reading(11), reading(12.5, { canPlay: false })],
      nowMs: 16,
    });
    expect(first.waiting).toBe(true);
    expect(first.plans.map((plan) => plan.play)).toEqual([false, false]);
    const second = tick({
      transport: first.transport,
      sides: SIDES,
      readings: [reading(11, { paused: true }), reading(12.5, { canPlay: false })],
      nowMs: 600,
    });
    expect(second.waiting).toBe(true);
    expect(second.transport.offset).toBeCloseTo(10, 9);
  });

  it('stops at the end of the longer clip, holding the last frames', () => {
    const result = tick({
      transport: playing(78.99, 1, 0),
      sides: SIDES,
      readings: [reading(80, { paused: true }), reading(79.5)],
      nowMs: 20,
    });
    expect(result.ended).toBe(true);
    expect(result.transport.playing).toBe(false);
    expect(result.transport.offset).toBeCloseTo(finalOffset(A, B), 9);
    expect(result.plans.every((plan) => !plan.play)).toBe(true);
  });
});

/**
 * Two simulated media clocks, each running at its own playback rate from when it was started:
 * B starts late, then the loop runs at 60 Hz as the browser's animation frames would.
 */
function simulate(speed: number, lateStartMs: number, seconds: number) {
  let transport: Transport = { playing: true, speed, offset: 0, atMs: 0 };
  const clocks = [
    { time: 30.5 / 30, rate: speed, startsAt: 0, playing: false },
    { time: 150.5 / 60, rate: speed, startsAt: lateStartMs, playing: false },
  ];
  let maxLateDrift = 0;
  let previousMs = 0;
  for (let nowMs = 0; nowMs <= seconds * 1000; nowMs += 1000 / 60) {
    for (const clock of clocks) {
      if (clock.playing && nowMs > clock.startsAt) {
        clock.time += ((nowMs - Math.max(previousMs, clock.startsAt)) / 1000) * clock.rate;
      }
    }
    previousMs = nowMs;
    const result = tick({
      transport,
      sides: SIDES,
      readings: [
        reading(clocks[0]!.time, { paused: !clocks[0]!.playing }),
        reading(clocks[1]!.time, { paused: !clocks[1]!.playing }),
      ],
      nowMs,
    });
    transport = result.transport;
    result.plans.forEach((plan, index) => {
      const clock = clocks[index]!;
      if (plan.seekTo !== null) clock.time = plan.seekTo;
      clock.rate = plan.rate;
      clock.playing = plan.play;
    });
    const drift = clocks[1]!.time - 2.5 - (clocks[0]!.time - 1);
    if (nowMs > 3000) maxLateDrift = Math.max(maxLateDrift, Math.abs(drift));
  }
  return { maxLateDrift, offset: transport.offset };
}

describe('drift correction over time', () => {
  it.each([1, 0.5, 0.25, 0.1, 2])('pulls a side that started 40 ms late onto the master at %s×', (speed) => {
    const { maxLateDrift, offset } = simulate(speed, 40, 20);
    expect(maxLateDrift).toBeLessThan(0.002);
    expect(offset).toBeGreaterThan(20 * speed * 0.95);
  });
});
