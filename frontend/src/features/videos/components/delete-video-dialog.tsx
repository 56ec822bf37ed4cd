import { Dialog } from '@/components/ui/dialog';
import { TrashIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { useDeleteVideo } from '@/features/videos/api/delete-video';
import type { Video } from '@/features/videos/api/get-videos';
import { isUnauthorizedError } from '@/lib/api-client';

type DeleteVideoDialogProps = {
  /** The video to delete; the dialog is closed while null. */
  video: Pick<Video, 'id' | 'title'> | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** Asks before deleting, since a deleted video and its feedback cannot be brought back. */
export function DeleteVideoDialog({ video, onClose, onDeleted }: DeleteVideoDialogProps) {
  const remove = useDeleteVideo();

  const onConfirm = () => {
    if (!video || remove.isPending) return;
    remove.mutate(video.id, {
      onSuccess: () => {
        toast({ title: 'Video deleted successfully' });
        onClose();
        onDeleted?.();
      },
      onError: (error) => {
        // The API client has already reported an ended session.
        if (isUnauthorizedError(error)) return;
        toast({ title: 'Failed to delete video', variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog
      open={video !== null}
      onClose={onClose}
      title="Delete Video"
      description={
        video ? `Are you sure you want to delete "${video.title}"? This action cannot be undone.` : undefined
      }
      preventClose={remove.isPending}
      size="sm"
      testId="delete-video-dialog"
    >
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </button>
        <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={remove.isPending}>
          <TrashIcon size={16} />
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </Dialog>
  );
}
