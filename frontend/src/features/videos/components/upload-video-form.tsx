import { VIDEO_LIMITS, videoFileProblem, type CategoryDto } from '@app/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { ClockIcon, LinkIcon, UploadIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useCreateVideo } from '@/features/videos/api/create-video';
import {
  VIDEO_FILE_ACCEPT,
  VIDEO_LENGTH_HINT,
  uploadFormSchema,
  type UploadFormValues,
} from '@/features/videos/utils/upload-validation';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import { focusFirstInvalid, useForm } from '@/lib/use-form';

/** Simulated progress (spec section 4): +10 every 200 ms, holding at 90 until the answer. */
const PROGRESS_STEP = 10;
const PROGRESS_INTERVAL_MS = 200;
const PROGRESS_HOLD = 90;

export const DUPLICATE_VIDEO_MESSAGE = 'This video has already been uploaded. Please choose a different video.';

function formatFileSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function reportFailure(error: Error): void {
  // The API client has already said the session ended and is sending the browser to sign in.
  if (isUnauthorizedError(error)) return;
  const message = getServerMessage(error);
  if (message?.includes('already been uploaded')) {
    toast({ title: 'Duplicate Video', description: DUPLICATE_VIDEO_MESSAGE, variant: 'destructive' });
    return;
  }
  toast({ title: 'Upload Failed', description: message ?? 'Upload failed', variant: 'destructive' });
}

const UPLOAD_FORM_SCHEMA = uploadFormSchema();

const EMPTY_VALUES: UploadFormValues = {
  title: '',
  description: '',
  categoryId: '',
  mode: 'file',
  file: null,
  youtubeUrl: '',
};

export function UploadVideoForm({
  categories,
  categoriesError,
  onClose,
  onUploadingChange,
}: {
  categories: CategoryDto[] | undefined;
  categoriesError: boolean;
  onClose: () => void;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const navigate = useNavigate();
  const create = useCreateVideo();
  const form = useForm(UPLOAD_FORM_SCHEMA, EMPTY_VALUES);
  const { values, errors } = form;
  const [progress, setProgress] = useState(0);
  const progressTimer = useRef<number | undefined>(undefined);
  const progressRegion = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const fileId = useId();
  const uploading = create.isPending;

  useEffect(() => {
    onUploadingChange(uploading);
  }, [uploading, onUploadingChange]);

  const stopProgress = () => {
    window.clearInterval(progressTimer.current);
    progressTimer.current = undefined;
  };
  useEffect(() => stopProgress, []);

  const onChooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    form.setValue('file', event.target.files?.[0] ?? null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uploading) return;
    const request = form.validate();
    if (!request) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    setProgress(0);
    stopProgress();
    progressTimer.current = window.setInterval(() => {
      setProgress((current) => Math.min(PROGRESS_HOLD, current + PROGRESS_STEP));
    }, PROGRESS_INTERVAL_MS);
    // The pressed button is disabled now; keep focus in the dialog, on the progress.
    window.requestAnimationFrame(() => progressRegion.current?.focus());

    create.mutate(request, {
      onSuccess: (video) => {
        stopProgress();
        setProgress(100);
        toast({
          title: 'Video uploaded successfully!',
          description:
            video.processingState === 'processing'
              ? 'We are preparing it for playback; it will be ready in a moment.'
              : 'The community can now watch it and give feedback.',
        });
        onClose();
        void navigate(paths.video(video.id));
      },
      onError: (error) => {
        stopProgress();
        setProgress(0);
        reportFailure(error);
        // The progress that held focus is gone; hand it back to the button, enabled again.
        window.requestAnimationFrame(() => submitButton.current?.focus());
      },
    });
  };

  // A wrong file is reported as soon as it is chosen, not only on submit.
  const fileError = errors.file ?? (values.file ? (videoFileProblem(values.file) ?? undefined) : undefined);
  const fileHintId = `${fileId}-hint`;
  const fileErrorId = `${fileId}-error`;

  return (
    <form className="upload-form" onSubmit={onSubmit} noValidate>
      <fieldset className="upload-form__fields" disabled={uploading}>
        <TextField
          label="Title"
          name="title"
          data-autofocus
          // The form arrives after the dialog has opened, so it takes focus itself.
          autoFocus
          maxLength={VIDEO_LIMITS.titleMax}
          placeholder="e.g. Driver swing from the range"
          value={values.title}
          onChange={(event) => form.setValue('title', event.target.value)}
          error={errors.title}
          required
        />
        <TextAreaField
          label="Description"
          name="description"
          optional
          rows={3}
          maxLength={VIDEO_LIMITS.descriptionMax}
          placeholder="What should people look at? What are you working on?"
          value={values.description}
          onChange={(event) => form.setValue('description', event.target.value)}
          error={errors.description}
        />
        <SelectField
          label="Category"
          name="categoryId"
          value={values.categoryId}
          onChange={(event) => form.setValue('categoryId', event.target.value)}
          error={errors.categoryId}
          hint={categoriesError ? 'Categories could not be loaded. Close the dialog and try again.' : undefined}
          disabled={categories === undefined}
          required
        >
          <option value="">
            {categories === undefined && !categoriesError ? 'Loading categories…' : 'Select a category'}
          </option>
          {categories?.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.icon} {category.name}
            </option>
          ))}
        </SelectField>

        <fieldset className="segmented">
          <legend className="field__label">Video source</legend>
          <div className="segmented__options">
            <label className="segmented__option">
              <input
                type="radio"
                name="mode"
                value="file"
                className="segmented__input"
                checked={values.mode === 'file'}
                onChange={() => form.setValue('mode', 'file')}
              />
              <span className="segmented__label">
                <UploadIcon size={16} />
                File
              </span>
            </label>
            <label className="segmented__option">
              <input
                type="radio"
                name="mode"
                value="youtube"
                className="segmented__input"
                checked={values.mode === 'youtube'}
                onChange={() => form.setValue('mode', 'youtube')}
              />
              <span className="segmented__label">
                <LinkIcon size={16} />
                YouTube link
              </span>
            </label>
          </div>
        </fieldset>

        {/* Both stay mounted, so a chosen file survives a look at the other mode. */}
        <div className={fileError ? 'field field--invalid' : 'field'} hidden={values.mode !== 'file'}>
          <label htmlFor={fileId} className="field__label">
            Video file
          </label>
          <input
            id={fileId}
            type="file"
            name="video"
            accept={VIDEO_FILE_ACCEPT}
            className="field__control field__control--file"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? fileErrorId : fileHintId}
            onChange={onChooseFile}
            data-testid="upload-file-input"
          />
          <div className="field__meta">
            {fileError ? (
              <p id={fileErrorId} className="field__error">
                {fileError}
              </p>
            ) : (
              <p id={fileHintId} className="field__hint">
                {values.file
                  ? `${values.file.name} · ${formatFileSize(values.file.size)}`
                  : 'MP4, MOV or WebM, up to 100MB.'}
              </p>
            )}
          </div>
        </div>
        <div hidden={values.mode !== 'youtube'}>
          <TextField
            label="YouTube URL"
            name="youtubeUrl"
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://www.youtube.com/watch?v=…"
            value={values.youtubeUrl}
            onChange={(event) => form.setValue('youtubeUrl', event.target.value)}
            error={errors.youtubeUrl}
            hint="A youtube.com/watch?v=… or youtu.be/… link."
            required
          />
        </div>

        <p className="upload-form__limit" data-testid="upload-length-hint">
          <ClockIcon size={16} />
          {VIDEO_LENGTH_HINT}
        </p>
      </fieldset>

      {(uploading || progress > 0) && (
        <div ref={progressRegion} className="upload-progress" tabIndex={-1}>
          <div className="upload-progress__label">
            <span>{progress >= 100 ? 'Upload complete' : 'Uploading…'}</span>
            <span aria-hidden="true">{progress}%</span>
          </div>
          <div
            className="upload-progress__track"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            data-testid="upload-progress"
          >
            <div className="upload-progress__bar" style={{ width: `${progress}%` }} />
          </div>
        </div>
      )}

      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={uploading}>
          Cancel
        </button>
        <button ref={submitButton} type="submit" className="btn btn--primary" disabled={uploading}>
          <UploadIcon size={18} />
          {uploading ? 'Uploading...' : 'Upload Video'}
        </button>
      </div>
    </form>
  );
}
