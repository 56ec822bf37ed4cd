import { AUTH_MESSAGES, LIMITS, updateProfileRequestSchema, type UserDto } from '@app/contracts';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { CameraIcon, TrashIcon, UploadIcon } from '@/components/ui/icons';
import { toast } from '@/components/ui/toast';
import { useRemoveProfileImage } from '@/features/users/api/remove-profile-image';
import { useUpdateProfile } from '@/features/users/api/update-profile';
import { useUploadProfileImage } from '@/features/users/api/upload-profile-image';
import { handleUnauthorized, isUnauthorizedError } from '@/lib/api-client';
import { focusFirstInvalid, useForm } from '@/lib/use-form';
import { personOf } from '@/lib/person';
import { reportFailure } from '@/features/users/components/report-failure';
import '@/features/users/users.css';

type EditProfileDialogProps = {
  open: boolean;
  onClose: () => void;
  /** The signed-in member, kept current by the query cache while the dialog is open. */
  user: UserDto;
};

export function EditProfileDialog({ open, onClose, user }: EditProfileDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Edit Profile"
      description="Update your picture, your name and what you tell the community about yourself."
      preventClose={busy}
      testId="edit-profile-dialog"
    >
      <EditProfileForm user={user} onClose={onClose} onBusyChange={setBusy} />
    </Dialog>
  );
}

function PictureEditor({ user }: { user: UserDto }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useUploadProfileImage();
  const remove = useRemoveProfileImage();
  const pending = upload.isPending || remove.isPending;

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const clearChoice = () => {
    setFile(null);
    setPreview(null);
    if (input.current) input.current.value = '';
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) {
      setFileError('Please choose an image file.');
      clearChoice();
      return;
    }
    if (chosen.size > LIMITS.profileImageMaxBytes) {
      setFileError(AUTH_MESSAGES.imageTooLarge);
      clearChoice();
      return;
    }
    setFileError(null);
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const onUpload = () => {
    if (!file || pending) return;
    upload.mutate(file, {
      onSuccess: () => {
        clearChoice();
        toast({ title: 'Profile picture updated successfully!' });
      },
      onError: (error) => reportFailure(error, 'Failed to upload profile picture'),
    });
  };

  const onRemove = () => {
    if (pending) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        clearChoice();
        toast({ title: 'Profile picture removed successfully!' });
      },
      onError: (error) => reportFailure(error, 'Failed to remove profile picture'),
    });
  };

  return (
    <div className="picture-editor">
      <div className="picture-editor__avatar">
        {preview ? (
          <span className="avatar avatar--xl">
            <img className="avatar__image" src={preview} alt="Preview of your new picture" />
          </span>
        ) : (
          <Avatar person={personOf(user)} size="xl" />
        )}
        <button
          type="button"
          className="picture-editor__camera"
          aria-label="Change picture"
          onClick={() => input.current?.click()}
          disabled={pending}
        >
          <CameraIcon size={18} />
        </button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          aria-label="Profile picture"
          className="visually-hidden"
          tabIndex={-1}
          onChange={onChoose}
          data-testid="profile-picture-input"
        />
      </div>
      <div className="picture-editor__side">
        <p className="picture-editor__hint">
          {file ? (
            <>
              Ready to upload: <strong className="picture-editor__file">{file.name}</strong>
            </>
          ) : (
            'JPEG, PNG, WebP or GIF, up to 5 MB.'
          )}
        </p>
        {fileError && (
          <p className="field__error" role="alert">
            {fileError}
          </p>
        )}
        <div className="picture-editor__actions">
          <button type="button" className="btn btn--primary btn--sm" onClick={onUpload} disabled={!file || pending}>
            <UploadIcon size={16} />
            {upload.isPending ? 'Uploading...' : 'Upload'}
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={onRemove}
            disabled={!user.profileImageUrl || pending}
          >
            <TrashIcon size={16} />
            {remove.isPending ? 'Removing...' : 'Remove'}
          </button>
        </div>
      </div>
    </div>
  );
}

function EditProfileForm({
  user,
  onClose,
  onBusyChange,
}: {
  user: UserDto;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const form = useForm(updateProfileRequestSchema, {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    description: user.description ?? '',
  });
  const update = useUpdateProfile();

  useEffect(() => {
    onBusyChange(update.isPending);
  }, [update.isPending, onBusyChange]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const body = form.validate();
    if (!body) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Profile updated successfully!' });
        onClose();
      },
      onError: (error) => {
        if (isUnauthorizedError(error)) {
          handleUnauthorized('Unauthorized');
          return;
        }
        toast({ title: 'Error', description: error.message || 'Failed to update profile', variant: 'destructive' });
      },
    });
  };

  return (
    <div className="edit-profile">
      <PictureEditor user={user} />
      <form className="edit-profile__form" onSubmit={onSubmit} noValidate aria-label="Profile details">
        <div className="auth-form__row">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            data-autofocus
            maxLength={LIMITS.nameMax}
            value={form.values.firstName}
            onChange={(event) => form.setValue('firstName', event.target.value)}
            error={form.errors.firstName}
            required
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            maxLength={LIMITS.nameMax}
            value={form.values.lastName}
            onChange={(event) => form.setValue('lastName', event.target.value)}
            error={form.errors.lastName}
            required
          />
        </div>
        <TextAreaField
          label="About Me"
          name="description"
          rows={5}
          maxLength={LIMITS.descriptionMax}
          placeholder="Tell the community about your skills, your goals and what you can help with."
          value={form.values.description}
          onChange={(event) => form.setValue('description', event.target.value)}
          error={form.errors.description}
          aside={
            <span data-testid="about-me-counter">
              {form.values.description.length}/{LIMITS.descriptionMax}
            </span>
          }
        />
        <div className="dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </div>
  );
}
