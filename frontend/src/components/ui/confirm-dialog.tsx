import type { ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TrashIcon } from '@/components/ui/icons';

type ConfirmDeleteDialogProps = {
  open: boolean;
  title: string;
  description: ReactNode;
  /** While true the dialog stays open and both buttons wait. */
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
};

/** Asks before a deletion that cannot be undone; Cancel takes the first focus, not Delete. */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  pending,
  onConfirm,
  onClose,
  confirmLabel = 'Delete',
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      preventClose={pending}
      size="sm"
      testId="confirm-dialog"
    >
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={pending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          onClick={onConfirm}
          disabled={pending}
          data-testid="confirm-delete"
        >
          <TrashIcon size={16} />
          {pending ? 'Deleting...' : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
