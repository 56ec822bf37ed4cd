import { useUploadDialog } from '@/app/layout/use-upload-dialog';
import { UploadIcon } from '@/components/ui/icons';

type UploadVideoButtonProps = {
  className?: string;
  size?: 'md' | 'lg';
  /** Runs before the dialog opens, e.g. to close the mobile menu the button sits in. */
  onOpen?: () => void;
  label?: string;
};

/** Upload Video, shown to signed-in members: opens the Upload dialog. */
export function UploadVideoButton({ className, size = 'md', onOpen, label = 'Upload Video' }: UploadVideoButtonProps) {
  const uploadDialog = useUploadDialog();
  const classes = ['btn', 'btn--primary', size === 'lg' ? 'btn--lg' : '', className].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={classes}
      aria-haspopup="dialog"
      data-testid="upload-video-button"
      onClick={() => {
        onOpen?.();
        uploadDialog.open();
      }}
    >
      <UploadIcon size={18} />
      {label}
    </button>
  );
}
