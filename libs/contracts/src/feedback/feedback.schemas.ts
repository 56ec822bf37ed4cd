import { z } from 'zod';
import { UUID_PATTERN } from '../ids.js';

export const FEEDBACK_MESSAGES = {
  userIdInvalid: 'userId must be a UUID',
} as const;

/**
 * GET /api/feedback/user/{userId}[/stats], checked by the gateway and again by the feedback
 * service. A well-formed id of someone who never gave feedback is not an error: it has no items.
 */
export const feedbackByAuthorRequestSchema = z.object({
  userId: z.string({ error: FEEDBACK_MESSAGES.userIdInvalid }).regex(UUID_PATTERN, FEEDBACK_MESSAGES.userIdInvalid),
});
export type FeedbackByAuthorRequest = z.infer<typeof feedbackByAuthorRequestSchema>;
