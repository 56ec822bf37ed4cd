import type { UserDto } from '@app/contracts';
import type { UserBadgeEntity } from '../db/entities/user-badge.entity.js';
import type { UserEntity } from '../db/entities/user.entity.js';

/** The public face of a user row: never the password hash; the email only when `withEmail`. */
export function toUserDto(user: UserEntity, badges: UserBadgeEntity[], withEmail: boolean): UserDto {
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
    badges: badges.map((badge) => ({ badgeType: badge.badgeType, earnedAt: badge.earnedAt.toISOString() })),
  };
}
