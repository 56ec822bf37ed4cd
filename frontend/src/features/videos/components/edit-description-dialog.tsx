import { lazy, Suspense, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import type { Video } from '@/features/videos/api/get-videos';

// The form and the shared limits (with the validation library behind them) load on first open.
const EditDescriptionForm = lazy(() =>
  import('@/features/videos/components/edit-description-form').then((module) => ({
    default: module.EditDescriptionForm,
  })),
);

type EditDescriptionDialogProps = {
  /** The video being edited; the dialog is closed while null. */
  video: Pick<Video, 'id' | 'title' | 'description'> | null;
  onClose: () => void;
};

/** The uploader changes the description of their own video. */
export function EditDescriptionDialog({ video, onClose }: EditDescriptionDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={video !== null}
      onClose={onClose}
      title="Edit Description"
      description={video ? `Tell viewers what to look for in “${video.title}”.` : undefined}
      preventClose={saving}
      testId="edit-description-dialog"
    >
      <Suspense
        fallback={
          <p className="dialog__loading" role="status">
            Loading…
          </p>
        }
      >
        {video && <EditDescriptionForm key={video.id} video={video} onClose={onClose} onSavingChange={setSaving} />}
      </Suspense>
    </Dialog>
  );
}
