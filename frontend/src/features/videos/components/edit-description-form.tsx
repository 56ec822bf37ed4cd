import { VIDEO_LIMITS } from '@app/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { TextAreaField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import type { Video } from '@/features/videos/api/get-videos';
import { useUpdateVideo } from '@/features/videos/api/update-video';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import './edit-description-form.css';

export function EditDescriptionForm({
  video,
  onClose,
  onSavingChange,
}: {
  video: Pick<Video, 'id' | 'title' | 'description'>;
  onClose: () => void;
  onSavingChange: (saving: boolean) => void;
}) {
  const [description, setDescription] = useState(video.description ?? '');
  const update = useUpdateVideo();

  useEffect(() => {
    onSavingChange(update.isPending);
  }, [update.isPending, onSavingChange]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(
      { videoId: video.id, description },
      {
        onSuccess: () => {
          toast({ title: 'Description updated' });
          onClose();
        },
        onError: (error) => {
          // The API client has already reported an ended session.
          if (isUnauthorizedError(error)) return;
          toast({
            title: 'Failed to update video description',
            description: getServerMessage(error),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="edit-description">
      <TextAreaField
        label="Description"
        name="description"
        rows={6}
        data-autofocus
        // The form arrives after the dialog has opened, so it takes focus itself.
        autoFocus
        maxLength={VIDEO_LIMITS.descriptionMax}
        placeholder="What should people look at? What are you working on?"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        disabled={update.isPending}
        aside={
          <span data-testid="description-counter">
            {description.length}/{VIDEO_LIMITS.descriptionMax}
          </span>
        }
      />
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
