import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CreateReportBody, ModerationAction, ReportDto, ReportSubjectType } from '@app/contracts';

export interface ReportRow {
  id: number;
  subjectType: ReportSubjectType;
  subjectId: string;
  ownerId: string;
  reporterId: string;
  reason: ReportDto['reason'];
  note: string | null;
  weight: number;
  outcome: ReportDto['status'];
  createdAt: Date;
}

export interface DecisionRow {
  action: ModerationAction;
  adminId: string | null;
  auto: boolean;
  createdAt: Date;
}

export interface SubjectKey {
  subjectType: ReportSubjectType;
  subjectId: string;
}

const OUTCOME_OF: Record<ModerationAction, ReportDto['status']> = { keep: 'kept', hide: 'hidden', delete: 'deleted' };

/** The only place with the admin service's report and decision SQL. */
@Injectable()
export class ReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The member's open report on the subject: the new one, or the one they already had (the unique
   * index decides between two sent at once).
   */
  async insertOpen(
    reporterId: string,
    ownerId: string,
    report: CreateReportBody,
    weight: number,
  ): Promise<{ row: ReportRow; created: boolean }> {
    const [created] = await this.dataSource.query<ReportRow[]>(
      `INSERT INTO reports ("subjectType", "subjectId", "ownerId", "reporterId", reason, note, weight)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT ("reporterId", "subjectType", "subjectId") WHERE outcome = 'open' DO NOTHING
       RETURNING *`,
      [report.subjectType, report.subjectId, ownerId, reporterId, report.reason, report.note, weight],
    );
    if (created) return { row: created, created: true };
    const [existing] = await this.dataSource.query<ReportRow[]>(
      `SELECT * FROM reports WHERE "reporterId" = $1 AND "subjectType" = $2 AND "subjectId" = $3 AND outcome = 'open'`,
      [reporterId, report.subjectType, report.subjectId],
    );
    return { row: existing, created: false };
  }

  /** How the member's reports were decided: agreed (hidden or deleted) over decided. */
  async accuracyOf(reporterId: string): Promise<{ agreed: number; decided: number }> {
    const [row] = await this.dataSource.query<{ agreed: number; decided: number }[]>(
      `SELECT count(*) FILTER (WHERE outcome IN ('hidden', 'deleted'))::int AS agreed,
              count(*) FILTER (WHERE outcome <> 'open')::int AS decided
         FROM reports WHERE "reporterId" = $1`,
      [reporterId],
    );
    return row ?? { agreed: 0, decided: 0 };
  }

  /** The open reports' distinct reporters and summed weight on a subject. */
  async openScore(subject: SubjectKey): Promise<{ reporters: number; score: number }> {
    const [row] = await this.dataSource.query<{ reporters: number; score: number }[]>(
      `SELECT count(DISTINCT "reporterId")::int AS reporters, COALESCE(sum(weight), 0)::float8 AS score
         FROM reports WHERE "subjectType" = $1 AND "subjectId" = $2 AND outcome = 'open'`,
      [subject.subjectType, subject.subjectId],
    );
    return row ?? { reporters: 0, score: 0 };
  }

  findById(id: number): Promise<ReportRow | undefined> {
    return this.dataSource.query<ReportRow[]>(`SELECT * FROM reports WHERE id = $1`, [id]).then(([row]) => row);
  }

  /** Subjects with open reports (oldest report first), or the most recently decided ones. */
  async subjects(status: 'open' | 'resolved', limit = 100): Promise<SubjectKey[]> {
    return this.dataSource.query<SubjectKey[]>(
      status === 'open'
        ? `SELECT "subjectType", "subjectId" FROM reports WHERE outcome = 'open'
            GROUP BY 1, 2 ORDER BY min("createdAt") LIMIT $1`
        : `SELECT "subjectType", "subjectId" FROM reports WHERE outcome <> 'open'
            GROUP BY 1, 2 HAVING bool_and(outcome <> 'open') ORDER BY max("decidedAt") DESC LIMIT $1`,
      [limit],
    );
  }

  reportsOf(subject: SubjectKey): Promise<ReportRow[]> {
    return this.dataSource.query<ReportRow[]>(
      `SELECT * FROM reports WHERE "subjectType" = $1 AND "subjectId" = $2 ORDER BY id`,
      [subject.subjectType, subject.subjectId],
    );
  }

  decisionsOf(subject: SubjectKey): Promise<DecisionRow[]> {
    return this.dataSource.query<DecisionRow[]>(
      `SELECT action, "adminId", auto, "createdAt" FROM moderation_decisions
        WHERE "subjectType" = $1 AND "subjectId" = $2 ORDER BY id`,
      [subject.subjectType, subject.subjectId],
    );
  }

  /**
   * Records a decision in the audit trail; an admin's decides every open report on the subject
   * (their outcome is the reporters' accuracy), an automatic hide leaves them open for review.
   */
  async recordDecision(
    subject: SubjectKey,
    action: ModerationAction,
    decider: { adminId: string } | { auto: true },
  ): Promise<number[]> {
    return this.dataSource.transaction(async (manager) => {
      let decided: number[] = [];
      if ('adminId' in decider) {
        const [rows] = await manager.query<[{ id: number }[], number]>(
          `UPDATE reports SET outcome = $3, "decidedAt" = now()
            WHERE "subjectType" = $1 AND "subjectId" = $2 AND outcome = 'open' RETURNING id`,
          [subject.subjectType, subject.subjectId, OUTCOME_OF[action]],
        );
        decided = rows.map((row) => row.id);
      } else {
        const rows = await manager.query<{ id: number }[]>(
          `SELECT id FROM reports WHERE "subjectType" = $1 AND "subjectId" = $2 AND outcome = 'open'`,
          [subject.subjectType, subject.subjectId],
        );
        decided = rows.map((row) => row.id);
      }
      await manager.query(
        `INSERT INTO moderation_decisions ("subjectType", "subjectId", action, "adminId", auto, "reportIds")
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          subject.subjectType,
          subject.subjectId,
          action,
          'adminId' in decider ? decider.adminId : null,
          !('adminId' in decider),
          decided,
        ],
      );
      return decided;
    });
  }
}
