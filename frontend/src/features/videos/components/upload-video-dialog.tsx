import type { CategoryDto } from '@app/contracts';
import { lazy, Suspense, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';

// The form and the shared upload rules (with the validation library behind them) load on first open.
const UploadVideoForm = lazy(() =>
  import('@/features/videos/components/upload-video-form').then((module) => ({ default: module.UploadVideoForm })),
);

type UploadVideoDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The categories to choose from; undefined while they load. */
  categories: CategoryDto[] | undefined;
  categoriesError?: boolean;
};

/** Upload a video file or a YouTube link. It cannot be closed while uploading; closing clears it. */
export function UploadVideoDialog({ open, onClose, categories, categoriesError = false }: UploadVideoDialogProps) {
  const [uploading, setUploading] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Upload Video"
      description="Share a short clip of your skill and get feedback from the community."
      preventClose={uploading}
      testId="upload-dialog"
    >
      <Suspense
        fallback={
          <p className="dialog__loading" role="status">
            Loading…
          </p>
        }
      >
        <UploadVideoForm
          categories={categories}
          categoriesError={categoriesError}
          onClose={onClose}
          onUploadingChange={setUploading}
        />
      </Suspense>
    </Dialog>
  );
}
