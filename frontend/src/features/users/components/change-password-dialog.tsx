import { changePasswordRequestSchema, LIMITS } from '@app/contracts';
import type { FormEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useChangePassword } from '@/features/users/api/change-password';
import { focusFirstInvalid, useForm } from '@/lib/use-form';
import { reportFailure } from '@/features/users/components/report-failure';

type ChangePasswordDialogProps = {
  open: boolean;
  onClose: () => void;
};

export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const change = useChangePassword();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Change Password"
      description="Enter your current password and the new one. You stay signed in here; your other sessions are signed out."
      preventClose={change.isPending}
      size="sm"
      testId="change-password-dialog"
    >
      <ChangePasswordForm onClose={onClose} change={change} />
    </Dialog>
  );
}

function ChangePasswordForm({
  onClose,
  change,
}: {
  onClose: () => void;
  change: ReturnType<typeof useChangePassword>;
}) {
  const form = useForm(changePasswordRequestSchema, { currentPassword: '', newPassword: '' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    const body = form.validate();
    if (!body) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    change.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Password changed successfully!' });
        onClose();
      },
      onError: (error) => reportFailure(error, 'Error', 'Failed to change password'),
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Change password">
      <TextField
        label="Current Password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        data-autofocus
        maxLength={LIMITS.passwordMax}
        value={form.values.currentPassword}
        onChange={(event) => form.setValue('currentPassword', event.target.value)}
        error={form.errors.currentPassword}
        required
      />
      <TextField
        label="New Password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax}
        value={form.values.newPassword}
        onChange={(event) => form.setValue('newPassword', event.target.value)}
        error={form.errors.newPassword}
        hint={`At least ${LIMITS.passwordMin} characters, and not a common password.`}
        required
      />
      <div className="dialog__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={change.isPending}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </button>
      </div>
    </form>
  );
}
