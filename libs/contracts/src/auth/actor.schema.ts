import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';
import type { Actor } from './user.types.js';

/**
 * The caller as the gateway's session says, in a message; services decide what that actor may
 * see or do (and ask the auth service before trusting an `isAdmin`).
 */
export const actorSchema: z.ZodType<Actor> = z.object(
  {
    id: z.string().regex(UUID_PATTERN),
    isAdmin: z.boolean(),
  },
  { error: 'An actor is required' },
);
