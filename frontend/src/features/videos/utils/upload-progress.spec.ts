import { describe, expect, it } from '@jest/globals';
import {
  describeUploadProgress,
  formatBytes,
  formatSpeed,
  formatTimeLeft,
  percentSent,
  TransferMeter,
} from './upload-progress';

const MB = 1024 * 1024;

describe('formatting sizes, speeds and time left', () => {
  it('shows sizes in MB from 1 MB up, in whole KB below', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(100)).toBe('1 KB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(MB)).toBe('1.0 MB');
    expect(formatBytes(12.34 * MB)).toBe('12.3 MB');
    expect(formatBytes(100 * MB)).toBe('100.0 MB');
    expect(formatSpeed(1.25 * MB)).toBe('1.3 MB/s');
    expect(formatSpeed(340 * 1024)).toBe('340 KB/s');
  });

  it('rounds time left up, to seconds, minutes with seconds, then hours with minutes', () => {
    expect(formatTimeLeft(0)).toBe('1 s left');
    expect(formatTimeLeft(0.2)).toBe('1 s left');
    expect(formatTimeLeft(7.1)).toBe('8 s left');
    expect(formatTimeLeft(59.5)).toBe('1 min left');
    expect(formatTimeLeft(125)).toBe('2 min 5 s left');
    expect(formatTimeLeft(3599)).toBe('59 min 59 s left');
    expect(formatTimeLeft(3600)).toBe('1 h left');
    expect(formatTimeLeft(3 * 3600 + 61)).toBe('3 h 2 min left');
  });

  it('counts whole percent sent, reaching 100 only with the last byte', () => {
    expect(percentSent({ loaded: 0, total: 0 })).toBe(0);
    expect(percentSent({ loaded: 1, total: 3 })).toBe(33);
    expect(percentSent({ loaded: 99.99, total: 100 })).toBe(99);
    expect(percentSent({ loaded: 100, total: 100 })).toBe(100);
  });
});

describe('TransferMeter', () => {
  it('knows no speed until half a second of transfer has been seen', () => {
    const meter = new TransferMeter();
    expect(meter.record(0, 10 * MB, 1000)).toEqual({
      loaded: 0,
      total: 10 * MB,
      bytesPerSecond: null,
      secondsLeft: null,
    });
    // A burst at the start (the first buffers filling) says nothing about the connection.
    expect(meter.record(2 * MB, 10 * MB, 1100)).toMatchObject({ bytesPerSecond: null, secondsLeft: null });
  });

  it('gives the speed over the samples so far and the time the rest takes at it', () => {
    const meter = new TransferMeter();
    meter.record(0, 10 * MB, 0);
    meter.record(MB, 10 * MB, 500);
    expect(meter.record(2 * MB, 10 * MB, 1000)).toEqual({
      loaded: 2 * MB,
      total: 10 * MB,
      bytesPerSecond: 2 * MB,
      secondsLeft: 4,
    });
  });

  it('follows the last three seconds only: a connection that slows down shows the slower pace', () => {
    const meter = new TransferMeter();
    // 1 MB/s for 5 s, then 100 KB/s for 4 s.
    for (let second = 0; second <= 5; second += 1) meter.record(second * MB, 20 * MB, second * 1000);
    let progress = meter.record(5 * MB, 20 * MB, 5000);
    for (let second = 1; second <= 4; second += 1) {
      progress = meter.record(5 * MB + second * 100 * 1024, 20 * MB, 5000 + second * 1000);
    }
    expect(progress.bytesPerSecond).toBeCloseTo(100 * 1024, 0);
    expect(progress.secondsLeft).toBeCloseTo((20 * MB - 5 * MB - 400 * 1024) / (100 * 1024), 3);
  });

  it('reports a stalled transfer as 0 bytes a second with no time left promised', () => {
    const meter = new TransferMeter();
    meter.record(3 * MB, 10 * MB, 0);
    expect(meter.record(3 * MB, 10 * MB, 4000)).toMatchObject({ bytesPerSecond: 0, secondsLeft: null });
  });
});

describe('describeUploadProgress', () => {
  it('reads bytes of total, speed and time left', () => {
    expect(
      describeUploadProgress({ loaded: 3.4 * MB, total: 12 * MB, bytesPerSecond: 1.2 * MB, secondsLeft: 7.2 }),
    ).toBe('3.4 MB of 12.0 MB · 1.2 MB/s · 8 s left');
  });

  it('says the time left is being estimated before the speed is known, and omits it when stalled', () => {
    expect(describeUploadProgress({ loaded: 0, total: 50 * MB, bytesPerSecond: null, secondsLeft: null })).toBe(
      '0 KB of 50.0 MB · estimating time left',
    );
    expect(describeUploadProgress({ loaded: 5 * MB, total: 50 * MB, bytesPerSecond: 0, secondsLeft: null })).toBe(
      '5.0 MB of 50.0 MB · 0 KB/s',
    );
  });
});
