import { z } from 'zod';

/** A badge recorded once when first earned (API-DECISIONS "Points and badges"). */
export const userBadgeDtoSchema = z.object({
  badgeType: z.string(),
  /** ISO 8601 */
  earnedAt: z.string(),
});
export type UserBadgeDto = z.infer<typeof userBadgeDtoSchema>;

/**
 * The User shape the screens read (spec section 3), plus points and badges. `email` is present
 * only for the user themself and for admins; the password hash never leaves the auth service.
 */
export const userDtoSchema = z.object({
  id: z.string(),
  email: z.string().optional(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  description: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
  points: z.number(),
  badges: z.array(userBadgeDtoSchema),
});
export type UserDto = z.infer<typeof userDtoSchema>;

/** Who is calling, as the gateway's session says; services decide what that actor may see or do. */
export interface Actor {
  id: string;
  isAdmin: boolean;
}

/** Profile pictures live under one prefix per user; a new upload gets a new name, so URLs are immutable. */
export const PROFILE_IMAGE_PREFIX = 'profile-images';
const PROFILE_IMAGE_URL = /^\/api\/users\/([0-9a-f-]{36})\/profile-image\/([A-Za-z0-9-]+\.(?:jpg|png|webp|gif))$/;

export const profileImageUrlFor = (imageKey: string): string => {
  const [, userId, file] = imageKey.split('/');
  return `/api/users/${userId}/profile-image/${file}`;
};

/** The object key behind a profile-image URL this product issued, or null for anything else. */
export const profileImageKeyFromUrl = (url: string | null): string | null => {
  const match = url ? PROFILE_IMAGE_URL.exec(url) : null;
  return match ? `${PROFILE_IMAGE_PREFIX}/${match[1]}/${match[2]}` : null;
};
