import { Tooltip } from '@/components/ui/tooltip';
import { UploadIcon } from '@/components/ui/icons';
import { UPLOADS_UNAVAILABLE_HINT } from '@/config/constants';

type UploadVideoButtonProps = {
  className?: string;
  size?: 'md' | 'lg';
};

/**
 * Upload Video, shown to signed-in members. The upload dialog arrives with the media pipeline;
 * until then the button stays focusable (aria-disabled) so its tooltip can say why it is off.
 */
export function UploadVideoButton({ className, size = 'md' }: UploadVideoButtonProps) {
  const classes = ['btn', 'btn--primary', size === 'lg' ? 'btn--lg' : '', 'btn--soft-disabled', className]
    .filter(Boolean)
    .join(' ');
  return (
    <Tooltip content={UPLOADS_UNAVAILABLE_HINT}>
      <button
        type="button"
        className={classes}
        aria-disabled="true"
        data-testid="upload-video-button"
        onClick={(event) => event.preventDefault()}
      >
        <UploadIcon size={18} />
        Upload Video
      </button>
    </Tooltip>
  );
}
