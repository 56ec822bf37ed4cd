import type { EntityManager } from 'typeorm';
import { personName, type FeedbackActivity } from '@app/contracts';

/**
 * Who did what to whose content, from this service's read models, for the event (the
 * notifications service tells the uploader or the author). Nothing when the video is unknown to
 * the read model (then nobody can be told whose it is).
 */
export async function activityOf(
  manager: EntityManager,
  fact: { actorId: string; feedbackAuthorId: string; videoId: number; stars?: number },
): Promise<{ activity?: FeedbackActivity }> {
  const [row] = await manager.query<
    { title: string; uploaderId: string; firstName: string | null; lastName: string | null }[]
  >(
    `SELECT v.title, v."uploaderId", p."firstName", p."lastName"
       FROM video_summaries v LEFT JOIN people p ON p.id = $2 AND NOT p.removed
      WHERE v.id = $1`,
    [fact.videoId, fact.actorId],
  );
  if (!row) return {};
  return {
    activity: {
      actorId: fact.actorId,
      actorName: personName(row.firstName, row.lastName),
      feedbackAuthorId: fact.feedbackAuthorId,
      videoUploaderId: row.uploaderId,
      videoTitle: row.title,
      ...(fact.stars !== undefined ? { stars: fact.stars } : {}),
    },
  };
}
