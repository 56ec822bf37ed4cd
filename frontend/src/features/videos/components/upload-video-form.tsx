import { VIDEO_LIMITS, videoFileProblem, type CategoryDto } from '@app/contracts';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { ClockIcon, LinkIcon, UploadIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useCreateVideo } from '@/features/videos/api/create-video';
import {
  describeUploadProgress,
  formatBytes,
  percentSent,
  TransferMeter,
  type UploadProgress,
} from '@/features/videos/utils/upload-progress';
import {
  VIDEO_FILE_ACCEPT,
  VIDEO_LENGTH_HINT,
  uploadFormSchema,
  type UploadFormValues,
} from '@/features/videos/utils/upload-validation';
import { readVideoDuration, videoLengthProblem } from '@/features/videos/utils/video-length-check';
import { getServerMessage, isAbortError, isUnauthorizedError, UploadConnectionError } from '@/lib/api-client';
import { focusFirstInvalid, useForm } from '@/lib/use-form';
import './upload-video-form.css';

export const DUPLICATE_VIDEO_MESSAGE = 'This video has already been uploaded. Please choose a different video.';

/** Where an upload is: its bytes going out (with the measured pace), or the server checking them. */
type Transfer = { phase: 'sending'; progress: UploadProgress } | { phase: 'processing' };

function reportFailure(error: Error): void {
  // The API client has already said the session ended and is sending the browser to sign in.
  if (isUnauthorizedError(error)) return;
  if (isAbortError(error)) {
    toast({ title: 'Upload cancelled', description: 'Nothing was kept. Your details are still in the form.' });
    return;
  }
  const message = getServerMessage(error);
  if (message?.includes('already been uploaded')) {
    toast({ title: 'Duplicate Video', description: DUPLICATE_VIDEO_MESSAGE, variant: 'destructive' });
    return;
  }
  const description = message ?? (error instanceof UploadConnectionError ? error.message : 'Upload failed');
  toast({ title: 'Upload Failed', description, variant: 'destructive' });
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
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  /** The length the browser read from the chosen file (null: it could not). */
  const [measured, setMeasured] = useState<{ file: File; seconds: number | null } | null>(null);
  const [checkingLength, setCheckingLength] = useState(false);
  const durationReads = useRef(new WeakMap<File, Promise<number | null>>());
  const cancelUpload = useRef<AbortController | null>(null);
  const starting = useRef(false);
  const progressRegion = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const fileId = useId();
  const uploading = create.isPending;
  const busy = uploading || checkingLength;

  useEffect(() => {
    onUploadingChange(busy);
  }, [busy, onUploadingChange]);

  // Leaving the page mid-transfer cuts it off rather than finishing an upload nobody watches.
  useEffect(() => () => cancelUpload.current?.abort(), []);

  /** The file's own length, read once per file. */
  const durationOf = (file: File): Promise<number | null> => {
    let read = durationReads.current.get(file);
    if (!read) {
      read = readVideoDuration(file);
      durationReads.current.set(file, read);
    }
    return read;
  };

  const onChooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    form.setValue('file', file);
    // Measured as soon as it is chosen, so an over-long file is refused before anything is sent.
    if (file && !videoFileProblem(file)) {
      void durationOf(file).then((seconds) => setMeasured({ file, seconds }));
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second press while the length is read must not start a second upload.
    if (busy || starting.current) return;
    const formElement = event.currentTarget;
    const request = form.validate();
    if (!request) {
      focusFirstInvalid(formElement);
      return;
    }
    if (request.mode === 'file') {
      starting.current = true;
      setCheckingLength(true);
      const seconds = await durationOf(request.file);
      starting.current = false;
      setCheckingLength(false);
      setMeasured({ file: request.file, seconds });
      if (videoLengthProblem(seconds)) {
        focusFirstInvalid(formElement);
        return;
      }
    }

    const meter = new TransferMeter();
    // A link is a few bytes: the server's answer is all there is to wait for.
    setTransfer(
      request.mode === 'file'
        ? { phase: 'sending', progress: meter.record(0, request.file.size, performance.now()) }
        : { phase: 'processing' },
    );
    const cancel = new AbortController();
    cancelUpload.current = cancel;
    // The pressed button is disabled now; keep focus in the dialog, on the progress.
    window.requestAnimationFrame(() => progressRegion.current?.focus());

    create.mutate(
      {
        request,
        signal: cancel.signal,
        // With the last byte out the server has the whole file: Cancel could no longer take it back.
        onProgress: (loaded, bodyTotal) => {
          if (loaded >= bodyTotal) return setTransfer({ phase: 'processing' });
          const progress = meter.record(loaded, bodyTotal, performance.now());
          setTransfer((current) => (current?.phase === 'processing' ? current : { phase: 'sending', progress }));
        },
        onSent: () => setTransfer({ phase: 'processing' }),
      },
      {
        onSuccess: (video) => {
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
          setTransfer(null);
          reportFailure(error);
          // The progress that held focus is gone; hand it back to the button, enabled again.
          window.requestAnimationFrame(() => submitButton.current?.focus());
        },
        onSettled: () => {
          cancelUpload.current = null;
        },
      },
    );
  };

  // A wrong file, or one the browser measured as too long, is reported as soon as it is chosen.
  const lengthProblem = measured && measured.file === values.file ? videoLengthProblem(measured.seconds) : null;
  const fileError =
    errors.file ?? (values.file ? (videoFileProblem(values.file) ?? lengthProblem ?? undefined) : undefined);
  const fileHintId = `${fileId}-hint`;
  const fileErrorId = `${fileId}-error`;

  return (
    <form className="upload-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <fieldset className="upload-form__fields" disabled={busy}>
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
          onValueChange={(categoryId) => form.setValue('categoryId', categoryId)}
          error={errors.categoryId}
          hint={categoriesError ? 'Categories could not be loaded. Close the dialog and try again.' : undefined}
          disabled={categories === undefined}
          required
          placeholder={categories === undefined && !categoriesError ? 'Loading categories…' : 'Select a category'}
          options={(categories ?? []).map((category) => ({
            value: String(category.id),
            label: `${category.icon} ${category.name}`,
          }))}
        />

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
                  ? `${values.file.name} · ${formatBytes(values.file.size)}`
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

      {transfer && (
        <div ref={progressRegion} className="upload-progress" tabIndex={-1} data-testid="upload-progress-region">
          <UploadProgressView transfer={transfer} />
        </div>
      )}

      <div className="dialog__actions">
        {transfer ? (
          // While the bytes go out Cancel cuts the transfer off; once they are all sent the server
          // is deciding and the upload can no longer be taken back halfway.
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => cancelUpload.current?.abort()}
            disabled={transfer.phase !== 'sending'}
          >
            Cancel
          </button>
        ) : (
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
        )}
        <button ref={submitButton} type="submit" className="btn btn--primary" disabled={busy}>
          <UploadIcon size={18} />
          {uploading ? 'Uploading...' : checkingLength ? 'Checking video…' : 'Upload Video'}
        </button>
      </div>
    </form>
  );
}

/** The bar and its words: percent, bytes, pace and time left while sending, then "Processing…". */
function UploadProgressView({ transfer }: { transfer: Transfer }) {
  const sending = transfer.phase === 'sending';
  const percent = sending ? percentSent(transfer.progress) : 100;
  return (
    <>
      <div className="upload-progress__label">
        <span role="status">{sending ? 'Uploading…' : 'Processing…'}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        className={sending ? 'upload-progress__track' : 'upload-progress__track upload-progress__track--processing'}
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={sending ? describeUploadProgress(transfer.progress) : 'Processing'}
        data-testid="upload-progress"
      >
        <div className="upload-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="upload-progress__detail" data-testid="upload-progress-detail">
        {sending
          ? describeUploadProgress(transfer.progress)
          : 'Your video has arrived; we are checking it. This takes a few seconds.'}
      </p>
    </>
  );
}
