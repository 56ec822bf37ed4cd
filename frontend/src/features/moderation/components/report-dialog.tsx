import { REPORT_LIMITS, type ReportReason, type ReportSubjectType } from '@app/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useCreateReport } from '@/features/moderation/api/create-report';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import '@/features/moderation/moderation.css';

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse',
  inappropriate: 'Inappropriate',
  other: 'Other',
};

const REASONS = Object.keys(REPORT_REASON_LABELS) as ReportReason[];

export const REPORT_SENT_MESSAGE = 'Thanks — the moderators will review it';

type ReportSubject = { subjectType: ReportSubjectType; subjectId: string | number };

type ReportDialogProps = ReportSubject & { open: boolean; onClose: () => void };

/** Asks why the content is reported (and an optional note), then sends the report. */
export function ReportDialog({ open, onClose, subjectType, subjectId }: ReportDialogProps) {
  const createReport = useCreateReport();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  const close = () => {
    if (createReport.isPending) return;
    setReason(null);
    setNote('');
    setError(null);
    createReport.reset();
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason || createReport.isPending) return;
    setError(null);
    createReport.mutate(
      { subjectType, subjectId, reason, note },
      {
        onSuccess: () => {
          toast({ title: REPORT_SENT_MESSAGE });
          setReason(null);
          setNote('');
          onClose();
        },
        onError: (failure) => {
          // The API client has already reported an ended session and is sending them to sign in.
          if (isUnauthorizedError(failure)) return;
          setError(getServerMessage(failure) ?? failure.message);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Report content"
      description="Tell the moderators what is wrong with it."
      preventClose={createReport.isPending}
      size="sm"
      testId="report-dialog"
    >
      <form className="report-form" onSubmit={onSubmit} noValidate>
        <fieldset className="report-form__reasons" aria-labelledby={legendId}>
          <legend id={legendId} className="field__label">
            Reason
          </legend>
          {REASONS.map((value) => (
            <label key={value} className="report-form__reason">
              <input
                type="radio"
                name="report-reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                disabled={createReport.isPending}
              />
              {REPORT_REASON_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <TextAreaField
          label="Note"
          optional
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={REPORT_LIMITS.noteMax}
          rows={3}
          placeholder="Anything the moderators should know"
          disabled={createReport.isPending}
          aside={`${note.length}/${REPORT_LIMITS.noteMax}`}
          data-testid="report-note"
        />
        {error && (
          <p className="inline-error" role="alert" data-testid="report-error">
            {error}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={close} disabled={createReport.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={!reason || createReport.isPending}
            aria-busy={createReport.isPending}
            data-testid="report-submit"
          >
            {createReport.isPending ? 'Sending...' : 'Send report'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type ReportButtonProps = ReportSubject & {
  /** What the button says, e.g. "Report video", "Report feedback", "Report reply", "Report member". */
  label: string;
  className?: string;
};

/** A small text button that opens the report dialog for one video, feedback, reply or member. */
export function ReportButton({ label, className, ...subject }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={['report-button', className].filter(Boolean).join(' ')}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="report-button"
      >
        {label}
      </button>
      <ReportDialog {...subject} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
