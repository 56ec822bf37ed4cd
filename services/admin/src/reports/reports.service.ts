import { Injectable, Logger } from '@nestjs/common';
import {
  AUTH_RPC,
  ERROR_CODES,
  FEEDBACK_RPC,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  VIDEO_RPC,
  ADMIN_MESSAGES,
  personName,
  reportWeight,
  type Actor,
  type AdminReportGroupDto,
  type CreateReportBody,
  type ModerationAction,
  type ModerationSubjectDto,
  type ReportDto,
  type ReportStatus,
} from '@app/contracts';
import {
  AdminOfRecord,
  DomainError,
  ForbiddenError,
  NotFoundError,
  RpcClient,
  securityEvent,
  ValidationError,
} from '@app/common';
import { AdminUsersService } from '../users/admin-users.service.js';
import { ReportsRepository, type ReportRow, type SubjectKey } from './reports.repository.js';

/**
 * Reports and moderation (issue 16 §3). The content stays with its owner service, which hides,
 * restores or deletes it when asked (and tells its author by its events); this service keeps the
 * reports, their weights and outcomes, and the decisions.
 */
@Injectable()
export class ReportsService {
  private readonly logger = new Logger(ReportsService.name);

  constructor(
    private readonly reports: ReportsRepository,
    private readonly services: RpcClient,
    private readonly admins: AdminOfRecord,
    private readonly users: AdminUsersService,
  ) {}

  /**
   * A member's report: never on their own content, one open per member and subject (a repeat
   * answers the same report). Content hides itself once reports from at least two members weigh
   * enough, unless an admin owns it.
   */
  async create(actor: Actor, body: CreateReportBody): Promise<{ report: ReportDto; created: boolean }> {
    const key = { subjectType: body.subjectType, subjectId: body.subjectId };
    const subject = await this.subject(key);
    if (!subject) throw new DomainError(ERROR_CODES.notFound, REPORT_MESSAGES.subjectNotFound);
    if (subject.ownerId === actor.id) throw new ForbiddenError(REPORT_MESSAGES.ownContent);
    const [reporter, accuracy] = await Promise.all([
      this.services.call(AUTH_RPC.getUser, { userId: actor.id, viewerId: actor.id }),
      this.reports.accuracyOf(actor.id),
    ]);
    const weight = reportWeight({ points: reporter.points, ...accuracy });
    const { row, created } = await this.reports.insertOpen(actor.id, subject.ownerId, body, weight);
    if (created && body.subjectType !== 'user' && !subject.hidden) await this.hideWhenWeighty(key, subject.ownerId);
    return { report: toReportDto(row), created };
  }

  async list(actor: Actor, status: ReportStatus): Promise<AdminReportGroupDto[]> {
    await this.admins.require(actor, ADMIN_MESSAGES.adminRequired, 'list-reports');
    const subjects = await this.reports.subjects(status);
    return Promise.all(subjects.map((subject) => this.group(subject, status)));
  }

  /** The feedback service's serial-voting check, now. */
  async checkSerialVoting(actor: Actor): Promise<{ reversed: number }> {
    await this.admins.require(actor, ADMIN_MESSAGES.adminRequired, 'check-serial-voting');
    return this.services.call(FEEDBACK_RPC.checkSerialVoting, {});
  }

  /** Keep, hide or delete what the report is about; every open report on it is decided with it. */
  async resolve(actor: Actor, reportId: number, action: ModerationAction): Promise<AdminReportGroupDto> {
    await this.admins.require(actor, ADMIN_MESSAGES.adminRequired, 'resolve-report');
    const report = await this.reports.findById(reportId);
    if (!report) throw new NotFoundError('report');
    const key = { subjectType: report.subjectType, subjectId: report.subjectId };
    if ((await this.reports.openScore(key)).reporters === 0)
      throw new DomainError(ERROR_CODES.conflict, REPORT_MESSAGES.alreadyResolved);
    if (action === 'hide' && key.subjectType === 'user')
      throw new ValidationError(REPORT_MESSAGES.memberCannotBeHidden);
    await this.carryOut(actor, key, action);
    await this.reports.recordDecision(key, action, { adminId: actor.id });
    securityEvent(this.logger, {
      event: 'admin.report.resolved',
      outcome: 'success',
      actorId: actor.id,
      target: { ...key, action },
    });
    return this.group(key, 'resolved');
  }

  private async carryOut(actor: Actor, key: SubjectKey, action: ModerationAction): Promise<void> {
    if (key.subjectType === 'user') {
      if (action === 'delete') await this.users.delete(actor, key.subjectId);
      return;
    }
    if (action === 'delete') {
      if (key.subjectType === 'video')
        await this.services.call(VIDEO_RPC.moderationDelete, { videoId: Number(key.subjectId) });
      else
        await this.services.call(FEEDBACK_RPC.moderationDelete, {
          subjectType: key.subjectType,
          id: Number(key.subjectId),
        });
      return;
    }
    // Keep restores what an automatic hide took down; hide takes it down until a later decision.
    await this.setHidden(key, action === 'hide');
  }

  private async hideWhenWeighty(key: SubjectKey, ownerId: string): Promise<void> {
    const { reporters, score } = await this.reports.openScore(key);
    if (reporters < REPORT_LIMITS.minReporters || score < REPORT_LIMITS.hideScore) return;
    // Admins' content never hides itself: an admin decides in the queue.
    if (await this.admins.isAdmin(ownerId)) return;
    if (await this.setHidden(key, true)) await this.reports.recordDecision(key, 'hide', { auto: true });
  }

  /** Whether the owner changed anything (it was not already so). */
  private async setHidden(key: SubjectKey, hidden: boolean): Promise<boolean> {
    if (key.subjectType === 'user') return false;
    const result =
      key.subjectType === 'video'
        ? await this.services.call(VIDEO_RPC.setHidden, { videoId: Number(key.subjectId), hidden })
        : await this.services.call(FEEDBACK_RPC.setHidden, {
            subjectType: key.subjectType,
            id: Number(key.subjectId),
            hidden,
          });
    return result.changed;
  }

  /** What the owner says of the subject now; null when it is gone. */
  private async subject(key: SubjectKey): Promise<ModerationSubjectDto | null> {
    try {
      switch (key.subjectType) {
        case 'video':
          return await this.services.call(VIDEO_RPC.moderationSubject, { videoId: Number(key.subjectId) });
        case 'feedback':
        case 'reply':
          return await this.services.call(FEEDBACK_RPC.moderationSubject, {
            subjectType: key.subjectType,
            id: Number(key.subjectId),
          });
        case 'user': {
          const user = await this.services.call(AUTH_RPC.getUser, { userId: key.subjectId, viewerId: null });
          return {
            ownerId: user.id,
            hidden: false,
            title: personName(user.firstName, user.lastName),
            text: user.description ?? null,
            videoId: null,
            feedbackId: null,
          };
        }
      }
    } catch (error) {
      if (error instanceof DomainError && error.code === ERROR_CODES.notFound) return null;
      throw error;
    }
  }

  private async group(key: SubjectKey, status: ReportStatus): Promise<AdminReportGroupDto> {
    const [subject, rows, decisions] = await Promise.all([
      this.subject(key),
      this.reports.reportsOf(key),
      this.reports.decisionsOf(key),
    ]);
    const names = await this.namesOf([
      ...new Set([...rows.map((row) => row.reporterId), ...(subject ? [subject.ownerId] : [])]),
    ]);
    const open = rows.filter((row) => row.outcome === 'open');
    return {
      ...key,
      status,
      subject: subject ? { ...subject, ownerName: names.get(subject.ownerId) ?? null } : null,
      score: Math.round(open.reduce((sum, row) => sum + row.weight, 0) * 100) / 100,
      reports: rows.map((row) => ({
        id: row.id,
        reporterId: row.reporterId,
        reporterName: names.get(row.reporterId) ?? null,
        reason: row.reason,
        note: row.note,
        weight: row.weight,
        createdAt: new Date(row.createdAt).toISOString(),
        outcome: row.outcome,
      })),
      decisions: decisions.map((decision) => ({
        action: decision.action,
        adminId: decision.adminId,
        auto: decision.auto,
        createdAt: new Date(decision.createdAt).toISOString(),
      })),
    };
  }

  /** Members' names as auth knows them now (an account that went has none). */
  private async namesOf(userIds: string[]): Promise<Map<string, string | null>> {
    const names = new Map<string, string | null>();
    await Promise.all(
      userIds.map(async (userId) => {
        try {
          const user = await this.services.call(AUTH_RPC.getUser, { userId, viewerId: null });
          names.set(userId, personName(user.firstName, user.lastName));
        } catch {
          names.set(userId, null);
        }
      }),
    );
    return names;
  }
}

const toReportDto = (row: ReportRow): ReportDto => ({
  id: row.id,
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  reason: row.reason,
  note: row.note,
  status: row.outcome,
  createdAt: new Date(row.createdAt).toISOString(),
});
