import type { UserDto } from './user.types.js';

/** A users row, as whoever reads it holds it. */
export interface UserRecord {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  description: string | null;
  createdAt: Date;
  points: number;
}

/** A user_badges row; `earnedAt` as a Date, or as the text a JSON aggregate gives. */
export interface BadgeRecord {
  badgeType: string;
  earnedAt: Date | string;
}

/** The public face of a user row: never the password hash; the email only when `withEmail`. */
export function toUserDto(user: UserRecord, badges: readonly BadgeRecord[], withEmail: boolean): UserDto {
  return {
    id: user.id,
    ...(withEmail ? { email: user.email } : {}),
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isAdmin: user.isAdmin,
    description: user.description,
    createdAt: user.createdAt.toISOString(),
    points: user.points,
    badges: badges.map((badge) => ({ badgeType: badge.badgeType, earnedAt: new Date(badge.earnedAt).toISOString() })),
  };
}
