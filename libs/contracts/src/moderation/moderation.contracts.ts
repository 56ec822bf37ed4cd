import { z } from 'zod';
import { actorSchema } from '../auth/actor.schema.js';
import { UUID_PATTERN } from '../ids.js';
import { hasForbiddenCharacter } from '../text/plain-text.js';
import {
  MODERATION_ACTIONS,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_SUBJECT_TYPES,
  type ReportSubjectType,
} from './moderation.rules.js';

/**
 * Reports and moderation (issue 16 §3). The admin service owns reports and decisions; each
 * service that owns content hides, restores or deletes its own when asked. The kinds, reasons,
 * limits and messages are in moderation.rules, without zod, for screens that only show them.
 */
export * from './moderation.rules.js';

const subjectIdOf = (type: ReportSubjectType, id: string): boolean =>
  type === 'user' ? UUID_PATTERN.test(id) : /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647;

/** POST /api/reports */
export const createReportBodySchema = z
  .object({
    subjectType: z.enum(REPORT_SUBJECT_TYPES, { error: REPORT_MESSAGES.subjectTypeInvalid }),
    subjectId: z
      .union([z.string(), z.number()], { error: REPORT_MESSAGES.subjectIdInvalid })
      .transform((id) => String(id).trim().toLowerCase()),
    reason: z.enum(REPORT_REASONS, { error: REPORT_MESSAGES.reasonInvalid }),
    note: z
      .string({ error: REPORT_MESSAGES.noteInvalid })
      .trim()
      .max(REPORT_LIMITS.noteMax, REPORT_MESSAGES.noteInvalid)
      .refine((text) => !hasForbiddenCharacter(text, 'multi-line'), REPORT_MESSAGES.noteInvalid)
      .nullish()
      .transform((note) => note || null),
  })
  .refine((body) => subjectIdOf(body.subjectType, body.subjectId), {
    message: REPORT_MESSAGES.subjectIdInvalid,
    path: ['subjectId'],
  });
export type CreateReportBody = z.output<typeof createReportBodySchema>;

const REPORT_OUTCOMES = ['open', 'kept', 'hidden', 'deleted'] as const;

/** A member's report, as they see it. */
export const reportDtoSchema = z.object({
  id: z.number().int(),
  subjectType: z.enum(REPORT_SUBJECT_TYPES),
  subjectId: z.string(),
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  status: z.enum(REPORT_OUTCOMES),
  createdAt: z.string(),
});
export type ReportDto = z.infer<typeof reportDtoSchema>;

/** What an owner service says of a piece of its content, for a report and the admins' queue. */
export const moderationSubjectDtoSchema = z.object({
  ownerId: z.string(),
  hidden: z.boolean(),
  /** A video's title (also for feedback and replies: the video they are on). */
  title: z.string().nullable(),
  /** The reported text: a video's description, the feedback's or reply's content. */
  text: z.string().nullable(),
  videoId: z.number().int().nullable(),
  feedbackId: z.number().int().nullable(),
});
export type ModerationSubjectDto = z.infer<typeof moderationSubjectDtoSchema>;

/** GET /api/admin/reports: the reports of one subject, with the content they are about. */
export const adminReportGroupDtoSchema = z.object({
  subjectType: z.enum(REPORT_SUBJECT_TYPES),
  subjectId: z.string(),
  status: z.enum(REPORT_STATUSES),
  /** Null when the content is gone (deleted, or its owner's account). */
  subject: moderationSubjectDtoSchema.extend({ ownerName: z.string().nullable() }).nullable(),
  /** The sum of the open reports' weights (what auto-hiding compares with REPORT_LIMITS.hideScore). */
  score: z.number(),
  reports: z.array(
    z.object({
      id: z.number().int(),
      reporterId: z.string(),
      reporterName: z.string().nullable(),
      reason: z.enum(REPORT_REASONS),
      note: z.string().nullable(),
      weight: z.number(),
      createdAt: z.string(),
      outcome: z.enum(REPORT_OUTCOMES),
    }),
  ),
  /** The decisions taken on this subject, oldest first (the audit trail). */
  decisions: z.array(
    z.object({
      action: z.enum(MODERATION_ACTIONS),
      adminId: z.string().nullable(),
      auto: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type AdminReportGroupDto = z.infer<typeof adminReportGroupDtoSchema>;

export const adminReportsQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES, { error: REPORT_MESSAGES.statusInvalid }).nullish().default('open'),
});
export type AdminReportsQuery = z.output<typeof adminReportsQuerySchema>;

export const resolveReportBodySchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: REPORT_MESSAGES.actionInvalid }),
});
export type ResolveReportBody = z.output<typeof resolveReportBodySchema>;

/** A content subject as the owner services are asked about it. */
export const contentSubjectSchema = z.object({
  subjectType: z.enum(['video', 'feedback', 'reply']),
  id: z.number().int().min(1),
});
export type ContentSubject = z.output<typeof contentSubjectSchema>;
/** What the feedback service moderates. */
export const feedbackSubjectSchema = contentSubjectSchema.extend({ subjectType: z.enum(['feedback', 'reply']) });

export const createReportMessageSchema = z.object({ actor: actorSchema, report: createReportBodySchema });
export const listReportsMessageSchema = z.object({ actor: actorSchema, status: z.enum(REPORT_STATUSES) });
export const resolveReportMessageSchema = z.object({
  actor: actorSchema,
  reportId: z.number().int().min(1),
  action: z.enum(MODERATION_ACTIONS),
});

/**
 * How much one report counts: a new member's 0.5, up to 1 more for standing (points, 100 for the
 * whole of it), and ±0.5 for past accuracy once 5 of their reports were decided (agreed reports
 * over decided ones, against an even split). Never below 0.25.
 */
export function reportWeight(reporter: { points: number; agreed: number; decided: number }): number {
  const standing = Math.min(1, Math.max(0, reporter.points) / 100);
  const accuracy = reporter.decided >= 5 ? reporter.agreed / reporter.decided - 0.5 : 0;
  return Math.max(0.25, Math.round((0.5 + standing + accuracy) * 100) / 100);
}
