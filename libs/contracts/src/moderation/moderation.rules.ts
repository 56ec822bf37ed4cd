/**
 * Reports and moderation: the kinds, reasons, limits and messages, without zod, so a screen that
 * offers to report something does not download the schemas (moderation.contracts) that check one.
 */
export const REPORT_SUBJECT_TYPES = ['video', 'feedback', 'reply', 'user'] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];
export const REPORT_REASONS = ['spam', 'abuse', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const MODERATION_ACTIONS = ['keep', 'hide', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_LIMITS = {
  noteMax: 500,
  /**
   * Content hides itself when reports from at least this many different members are open on it...
   */
  minReporters: 2,
  /** ...and their weights add up to at least this (see reportWeight). */
  hideScore: 2,
} as const;

export const REPORT_MESSAGES = {
  subjectTypeInvalid: `subjectType must be one of: ${REPORT_SUBJECT_TYPES.join(', ')}`,
  subjectIdInvalid: 'subjectId must be the id of the reported video, feedback, reply or member',
  reasonInvalid: `reason must be one of: ${REPORT_REASONS.join(', ')}`,
  noteInvalid: `note must be plain text of at most ${REPORT_LIMITS.noteMax} characters`,
  ownContent: 'You cannot report your own content',
  subjectNotFound: 'The reported content was not found',
  actionInvalid: `action must be one of: ${MODERATION_ACTIONS.join(', ')}`,
  statusInvalid: `status must be one of: ${REPORT_STATUSES.join(', ')}`,
  reportNotFound: 'Report not found',
  alreadyResolved: 'These reports have already been resolved',
  memberCannotBeHidden: 'A member cannot be hidden: keep or delete the account',
  hiddenPendingReview: 'Hidden pending review',
} as const;
