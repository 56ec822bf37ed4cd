import { describe, expect, it } from '@jest/globals';
import { toCategoryDto, toCategoryState } from './category.mapper.js';

const row = { id: 13, name: 'Climbing', icon: '🧗', createdAt: new Date('2026-01-01T00:00:00Z') };

describe('category mapper', () => {
  it('answers the screens’ shape', () => {
    expect(toCategoryDto(row)).toEqual({ id: 13, name: 'Climbing', icon: '🧗' });
  });

  it('publishes a created category at revision 1 and its deletion at revision 2', () => {
    expect(toCategoryState(row, { removed: false })).toEqual({
      id: 13,
      name: 'Climbing',
      icon: '🧗',
      removed: false,
      revision: 1,
    });
    expect(toCategoryState(row, { removed: true })).toEqual({
      id: 13,
      name: 'Climbing',
      icon: '🧗',
      removed: true,
      revision: 2,
    });
  });
});
