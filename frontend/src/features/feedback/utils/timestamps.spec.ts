import { describe, expect, it } from '@jest/globals';
import { formatTimestamp, insertAtSelection, parseTimestamp, splitTimestamps } from './timestamps';

describe('parseTimestamp', () => {
  it('reads m:ss, mm:ss and h:mm:ss', () => {
    expect(parseTimestamp('0:01')).toBe(1);
    expect(parseTimestamp('1:05')).toBe(65);
    expect(parseTimestamp('12:30')).toBe(750);
    expect(parseTimestamp('1:02:03')).toBe(3723);
    expect(parseTimestamp(' 0:42 ')).toBe(42);
  });

  it('refuses what is not a time code', () => {
    for (const text of ['', '1', '1:5', '1:60', ':30', '1:02:3', '123:00', 'a:bc', '1:02:03:04']) {
      expect(parseTimestamp(text)).toBeNull();
    }
  });
});

describe('splitTimestamps', () => {
  it('turns each time code into a segment with its seconds and keeps the text around it', () => {
    expect(splitTimestamps('At 0:01 your elbow drops; compare with 1:05.')).toEqual([
      { kind: 'text', text: 'At ' },
      { kind: 'time', text: '0:01', seconds: 1 },
      { kind: 'text', text: ' your elbow drops; compare with ' },
      { kind: 'time', text: '1:05', seconds: 65 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('recognises times at the very start and end, hours and two-digit minutes', () => {
    expect(splitTimestamps('0:05 then 1:00:10 and 10:00')).toEqual([
      { kind: 'time', text: '0:05', seconds: 5 },
      { kind: 'text', text: ' then ' },
      { kind: 'time', text: '1:00:10', seconds: 3610 },
      { kind: 'text', text: ' and ' },
      { kind: 'time', text: '10:00', seconds: 600 },
    ]);
  });

  it('leaves ratios, single-digit seconds and longer colon runs as text', () => {
    for (const text of ['a 3:1 ratio', 'at 1:5', '10:30:15:00', 'score 123:45', 'Luke 2:1-4']) {
      expect(splitTimestamps(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('keeps times past the end of the video as text', () => {
    expect(splitTimestamps('0:30 and 2:30', { maxSeconds: 120 })).toEqual([
      { kind: 'time', text: '0:30', seconds: 30 },
      { kind: 'text', text: ' and 2:30' },
    ]);
  });

  it('gives back plain text as one segment, and nothing for nothing', () => {
    expect(splitTimestamps('Great follow-through!')).toEqual([{ kind: 'text', text: 'Great follow-through!' }]);
    expect(splitTimestamps('')).toEqual([]);
  });
});

describe('formatTimestamp', () => {
  it('writes m:ss under an hour and h:mm:ss from an hour on, dropping fractions', () => {
    expect(formatTimestamp(0)).toBe('0:00');
    expect(formatTimestamp(1.9)).toBe('0:01');
    expect(formatTimestamp(65)).toBe('1:05');
    expect(formatTimestamp(600)).toBe('10:00');
    expect(formatTimestamp(3723)).toBe('1:02:03');
  });

  it('treats nonsense as the start', () => {
    expect(formatTimestamp(-3)).toBe('0:00');
    expect(formatTimestamp(Number.NaN)).toBe('0:00');
  });

  it('writes what parseTimestamp reads back', () => {
    for (const seconds of [0, 9, 59, 60, 119, 3599, 3600, 7322]) {
      expect(parseTimestamp(formatTimestamp(seconds))).toBe(seconds);
    }
  });
});

describe('insertAtSelection', () => {
  it('inserts into an empty box with a space to keep typing', () => {
    expect(insertAtSelection('', { start: 0, end: 0 }, '0:42')).toEqual({ value: '0:42 ', cursor: 5 });
  });

  it('separates the time from the words around it', () => {
    expect(insertAtSelection('At your', { start: 2, end: 2 }, '0:42')).toEqual({ value: 'At 0:42 your', cursor: 7 });
    expect(insertAtSelection('Look at ', { start: 8, end: 8 }, '1:05')).toEqual({ value: 'Look at 1:05 ', cursor: 13 });
  });

  it('adds no space before whitespace or punctuation that follows', () => {
    expect(insertAtSelection('At , elbow', { start: 3, end: 3 }, '0:42')).toEqual({
      value: 'At 0:42, elbow',
      cursor: 7,
    });
  });

  it('replaces a selection', () => {
    expect(insertAtSelection('At TIME watch', { start: 3, end: 7 }, '0:10')).toEqual({
      value: 'At 0:10 watch',
      cursor: 7,
    });
  });

  it('refuses an insertion that would not fit, but drops the trailing space at the very end', () => {
    expect(insertAtSelection('abcdef', { start: 0, end: 0 }, '0:42', 8)).toBeNull();
    expect(insertAtSelection('abc', { start: 3, end: 3 }, '0:42', 8)).toEqual({ value: 'abc 0:42', cursor: 8 });
  });
});
