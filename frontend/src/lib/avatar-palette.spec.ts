import { describe, expect, it } from '@jest/globals';
import { AVATAR_PALETTE, avatarColor, initialsOf } from './avatar-palette';

describe('avatar palette', () => {
  it('has the 15 colours of the spec', () => {
    expect(new Set(AVATAR_PALETTE).size).toBe(15);
  });

  it('picks the same colour for the same id, whatever the name', () => {
    const id = '11111111-2222-4333-8444-555555555555';
    expect(avatarColor(id, 'Alex Morgan')).toBe(avatarColor(id, 'Someone Else'));
    expect(AVATAR_PALETTE).toContain(avatarColor(id, ''));
  });

  it('uses a numeric id directly and falls back to the name without an id', () => {
    expect(avatarColor(16, '')).toBe(AVATAR_PALETTE[1]);
    expect(avatarColor(null, 'Alex Morgan')).toBe(avatarColor(undefined, 'Alex Morgan'));
  });

  it('spreads different ids over the palette', () => {
    const colours = new Set(Array.from({ length: 60 }, (_, index) => avatarColor(`user-${index}`, '')));
    expect(colours.size).toBeGreaterThan(8);
  });
});

describe('initialsOf', () => {
  it('takes the first letters of first and last name, uppercased', () => {
    expect(initialsOf('alex', 'morgan')).toBe('AM');
    expect(initialsOf('  Zoë ', null)).toBe('Z');
    expect(initialsOf(null, undefined)).toBe('');
  });
});
