import type { ModerationAction, ReportStatus, ReportSubjectType } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-dialog';
import { AlertCircleIcon, CheckIcon, EyeIcon, ShieldIcon, TrashIcon } from '@/components/ui/icons';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useCheckSerialVoting } from '@/features/moderation/api/check-serial-voting';
import { useAdminReports, type AdminReportGroup } from '@/features/moderation/api/get-admin-reports';
import { useResolveReport } from '@/features/moderation/api/resolve-report';
import { REPORT_REASON_LABELS } from '@/features/moderation/components/report-dialog';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import '@/features/moderation/moderation.css';

const SUBJECT_LABELS: Record<ReportSubjectType, string> = {
  video: 'Video',
  feedback: 'Feedback',
  reply: 'Reply',
  user: 'Member',
};

const RESOLVED_TOASTS: Record<ModerationAction, string> = {
  keep: 'Reports closed: content kept',
  hide: 'Reports closed: content hidden',
  delete: 'Reports closed: content deleted',
};

function decisionLabel(action: ModerationAction, auto: boolean): string {
  const by = auto ? 'automatically' : 'by an admin';
  switch (action) {
    case 'keep':
      return `Kept ${by}`;
    case 'hide':
      return `Hidden ${by}`;
    case 'delete':
      return `Deleted ${by}`;
  }
}

/** Where the reported content can be seen: the video, the feedback on its video, or the member's profile. */
function subjectLink(group: AdminReportGroup): string | null {
  const { subject } = group;
  if (group.subjectType === 'user') return paths.profile(group.subjectId);
  if (!subject) return null;
  const videoId = subject.videoId ?? (group.subjectType === 'video' ? group.subjectId : null);
  if (videoId === null) return null;
  if (group.subjectType === 'video' || subject.feedbackId === null) return paths.video(videoId);
  return `${paths.video(videoId)}?${new URLSearchParams({ feedback: String(subject.feedbackId) }).toString()}`;
}

const formatScore = (score: number) => String(Math.round(score * 100) / 100);

type ReportGroupCardProps = {
  group: AdminReportGroup;
  pendingAction: ModerationAction | null;
  onResolve: (group: AdminReportGroup, action: ModerationAction) => void;
};

function ReportGroupCard({ group, pendingAction, onResolve }: ReportGroupCardProps) {
  const { subject } = group;
  const link = subjectLink(group);
  const busy = pendingAction !== null;
  return (
    <li
      className="card report-group"
      data-testid="report-group"
      data-subject-type={group.subjectType}
      data-subject-id={group.subjectId}
    >
      <div className="report-group__header">
        <span className="admin-badge">{SUBJECT_LABELS[group.subjectType]}</span>
        {subject?.hidden && (
          <span className="report-group__flag" data-testid="report-hidden-badge">
            <EyeIcon size={12} />
            Hidden pending review
          </span>
        )}
        {!subject && (
          <span className="report-group__flag" data-testid="report-deleted-badge">
            <TrashIcon size={12} />
            Content deleted
          </span>
        )}
        <span className="report-group__score" data-testid="report-score">
          Score {formatScore(group.score)}
        </span>
      </div>

      <div className="report-group__subject">
        {subject?.title && <p className="report-group__title">{subject.title}</p>}
        {subject?.text && (
          <p className="report-group__text" data-testid="report-subject-text">
            {subject.text}
          </p>
        )}
        {subject && <p className="admin-row__meta">By {subject.ownerName ?? 'Unknown User'}</p>}
        {link && (
          <Link to={link} className="report-group__link" data-testid="report-subject-link">
            {group.subjectType === 'user' ? 'Open profile' : 'Open content'}
          </Link>
        )}
      </div>

      <div className="report-group__block">
        <h3 className="report-group__heading">
          {group.reports.length === 1 ? '1 report' : `${group.reports.length} reports`}
        </h3>
        <ul className="report-group__reports">
          {group.reports.map((report) => (
            <li key={report.id} className="report-group__report" data-testid="report-entry">
              <p className="report-group__line">
                <span className="report-group__reporter" data-testid="report-reporter">
                  {report.reporterName ?? 'Unknown User'}
                </span>
                <span className="report-group__reason">{REPORT_REASON_LABELS[report.reason]}</span>
                <span className="admin-row__meta">{formatLongDate(report.createdAt)}</span>
              </p>
              {report.note && <p className="report-group__note">{report.note}</p>}
            </li>
          ))}
        </ul>
      </div>

      {group.decisions.length > 0 && (
        <div className="report-group__block">
          <h3 className="report-group__heading">Decisions</h3>
          <ol className="report-group__decisions" data-testid="report-decisions">
            {group.decisions.map((decision, index) => (
              <li key={`${decision.createdAt}-${index}`} className="report-group__decision">
                <span>{decisionLabel(decision.action, decision.auto)}</span>
                <span className="admin-row__meta">{formatLongDate(decision.createdAt)}</span>
              </li>
            ))}
          </ol>
        </div>
      )}

      {group.status === 'open' && (
        <div className="report-group__actions">
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => onResolve(group, 'keep')}
            disabled={busy}
            aria-busy={pendingAction === 'keep'}
            data-testid="report-keep"
          >
            <CheckIcon size={16} />
            Keep
          </button>
          {group.subjectType !== 'user' && (
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              onClick={() => onResolve(group, 'hide')}
              disabled={busy}
              aria-busy={pendingAction === 'hide'}
              data-testid="report-hide"
            >
              <EyeIcon size={16} />
              Hide
            </button>
          )}
          <button
            type="button"
            className="btn btn--danger btn--sm"
            onClick={() => onResolve(group, 'delete')}
            disabled={busy}
            aria-busy={pendingAction === 'delete'}
            data-testid="report-delete"
          >
            <TrashIcon size={16} />
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

/** The report a decision is recorded on: an open one of the group (the server closes them all). */
const reportIdOf = (group: AdminReportGroup) =>
  (group.reports.find((report) => report.outcome === 'open') ?? group.reports[0])?.id;

const groupKey = (group: AdminReportGroup) => `${group.subjectType}:${group.subjectId}`;

/** Admin Panel, Reports tab: the moderation queue, open or resolved, and the serial-voting check. */
export function ReportsManagement() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useAdminReports(status);
  const resolve = useResolveReport();
  const voteCheck = useCheckSerialVoting();
  const [deleting, setDeleting] = useState<AdminReportGroup | null>(null);

  const failure = (title: string, error: Error) => {
    if (isUnauthorizedError(error)) return;
    toast({ title, description: getServerMessage(error), variant: 'destructive' });
  };

  const decide = (group: AdminReportGroup, action: ModerationAction) => {
    const reportId = reportIdOf(group);
    if (reportId === undefined || resolve.isPending) return;
    resolve.mutate(
      { reportId, action },
      {
        onSuccess: () => {
          toast({ title: RESOLVED_TOASTS[action] });
          setDeleting(null);
        },
        onError: (error) => failure('Failed to resolve the reports', error),
      },
    );
  };

  const onResolve = (group: AdminReportGroup, action: ModerationAction) => {
    if (action === 'delete') setDeleting(group);
    else decide(group, action);
  };

  const pendingFor = (group: AdminReportGroup): ModerationAction | null =>
    resolve.isPending && resolve.variables.reportId === reportIdOf(group) ? resolve.variables.action : null;

  const runVoteCheck = () => {
    voteCheck.mutate(undefined, {
      onSuccess: ({ reversed }) => toast({ title: `Vote check done: ${reversed} reversed` }),
      onError: (error) => failure('Failed to run the vote check', error),
    });
  };

  return (
    <section className="admin-section" aria-labelledby="admin-reports-title" data-testid="reports-tab">
      <div className="reports-toolbar">
        <h2 id="admin-reports-title" className="admin-section__title">
          Reports
        </h2>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={runVoteCheck}
          disabled={voteCheck.isPending}
          aria-busy={voteCheck.isPending}
          data-testid="run-vote-check"
        >
          <ShieldIcon size={16} />
          {voteCheck.isPending ? 'Checking...' : 'Run vote check'}
        </button>
      </div>
      <fieldset className="segmented reports-status">
        <legend className="visually-hidden">Which reports</legend>
        <div className="segmented__options">
          {(['open', 'resolved'] as const).map((value) => (
            <label key={value} className="segmented__option">
              <input
                type="radio"
                name="reports-status"
                className="segmented__input"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
                data-testid={`reports-status-${value}`}
              />
              <span className="segmented__label">{value === 'open' ? 'Open' : 'Resolved'}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <ListState
        query={reports}
        loadingLabel="Loading reports"
        emptyIcon={<AlertCircleIcon className="empty-state__icon" size={40} />}
        emptyTitle={status === 'open' ? 'No open reports' : 'No resolved reports'}
      >
        {(groups) => (
          <ul className="report-groups" data-testid="report-groups" data-status={status}>
            {groups.map((group) => (
              <ReportGroupCard
                key={groupKey(group)}
                group={group}
                pendingAction={pendingFor(group)}
                onResolve={onResolve}
              />
            ))}
          </ul>
        )}
      </ListState>
      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete content"
        description="This cannot be undone."
        pending={resolve.isPending}
        onConfirm={() => {
          if (deleting) decide(deleting, 'delete');
        }}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
