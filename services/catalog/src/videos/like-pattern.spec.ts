import { describe, expect, it } from '@jest/globals';
import { containsPattern } from './like-pattern.js';

describe('containsPattern', () => {
  it.each([
    ['swing', '%swing%'],
    ['100%', '%100\\%%'],
    ['snake_case', '%snake\\_case%'],
    ['back\\slash', '%back\\\\slash%'],
    ['%_\\', '%\\%\\_\\\\%'],
    ['\\%', '%\\\\\\%%'],
    ["it's", "%it's%"],
    ['[a-z]*', '%[a-z]*%'],
  ])('escapes %j as %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });

  it('leaves every other character alone', () => {
    expect(containsPattern('Ünïcødé ⛳ $1 ^.*?')).toBe('%Ünïcødé ⛳ $1 ^.*?%');
  });
});
