import { describe, expect, it } from '@jest/globals';
import { toUserDto } from './user-dto.js';

const ID = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('toUserDto (the one user mapper, for auth and admin)', () => {
  const user = {
    id: ID,
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    isAdmin: false,
    description: null,
    createdAt: new Date('2026-11-21T12:00:00.000Z'),
    points: 30,
  };

  it('gives the email only when asked, and badges dated from a Date or from JSON text', () => {
    const badges = [
      { badgeType: 'first_video', earnedAt: new Date('2026-11-22T08:00:00.000Z') },
      { badgeType: 'helpful', earnedAt: '2026-11-23T09:30:00.5+00:00' },
    ];
    const expected = {
      id: ID,
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      isAdmin: false,
      description: null,
      createdAt: '2026-11-21T12:00:00.000Z',
      points: 30,
      badges: [
        { badgeType: 'first_video', earnedAt: '2026-11-22T08:00:00.000Z' },
        { badgeType: 'helpful', earnedAt: '2026-11-23T09:30:00.500Z' },
      ],
    };
    expect(toUserDto(user, badges, false)).toEqual(expected);
    expect(toUserDto(user, badges, true)).toEqual({ ...expected, email: 'ada@example.com' });
  });
});
