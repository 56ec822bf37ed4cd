import { LIMITS, registerRequestSchema } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextAreaField, TextField } from '@/components/ui/form-field';
import { toast, toastAfterReload, type ToastInput } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { registerErrorToast, useRegister } from '@/features/auth/api/register';
import { removeQueriesExceptCurrentUser, setCurrentUser } from '@/lib/auth';
import { focusFirstInvalid, useForm } from '@/lib/use-form';

type RegisterFormProps = {
  /** 'page' goes to / on success; 'dialog' reloads the page (spec section 2). */
  variant: 'page' | 'dialog';
  /** In the dialog, the sign-in link switches to the login dialog instead of navigating. */
  onSignIn?: () => void;
};

const SUCCESS_TOAST: ToastInput = {
  title: 'Registration successful!',
  description: 'Welcome aboard! You can now start sharing your skills and getting feedback.',
};

export function RegisterForm({ variant, onSignIn }: RegisterFormProps) {
  const form = useForm(registerRequestSchema, {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    description: '',
  });
  const registration = useRegister();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (registration.isPending) return;
    const body = form.validate();
    if (!body) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    registration.mutate(body, {
      onSuccess: (user) => {
        if (variant === 'dialog') {
          toastAfterReload(SUCCESS_TOAST);
          window.location.reload();
          return;
        }
        removeQueriesExceptCurrentUser(queryClient);
        setCurrentUser(queryClient, user);
        toast(SUCCESS_TOAST);
        void navigate(paths.home);
      },
      onError: (error) => toast(registerErrorToast(error)),
    });
  };

  const descriptionLength = form.values.description.length;

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Create account">
      <div className="auth-form__row">
        <TextField
          label="First Name"
          name="firstName"
          autoComplete="given-name"
          placeholder="Alex"
          autoFocus={variant === 'dialog'}
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
          placeholder="Morgan"
          maxLength={LIMITS.nameMax}
          value={form.values.lastName}
          onChange={(event) => form.setValue('lastName', event.target.value)}
          error={form.errors.lastName}
          required
        />
      </div>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        maxLength={LIMITS.emailMax}
        value={form.values.email}
        onChange={(event) => form.setValue('email', event.target.value)}
        error={form.errors.email}
        required
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 6 characters"
        maxLength={LIMITS.passwordMax}
        value={form.values.password}
        onChange={(event) => form.setValue('password', event.target.value)}
        error={form.errors.password}
        hint={`At least ${LIMITS.passwordMin} characters.`}
        required
      />
      <TextAreaField
        label="Tell us about yourself"
        name="description"
        rows={3}
        placeholder="What skills are you working on? What can you help others with?"
        maxLength={LIMITS.descriptionMax}
        value={form.values.description}
        onChange={(event) => form.setValue('description', event.target.value)}
        error={form.errors.description}
        optional
        aside={descriptionLength > 0 ? `${descriptionLength}/${LIMITS.descriptionMax}` : undefined}
      />

      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={registration.isPending}>
        {registration.isPending ? 'Creating Account...' : 'Create Account'}
      </button>

      <p className="auth-form__switch">
        Already have an account?{' '}
        {onSignIn ? (
          <button type="button" className="link-button" onClick={onSignIn}>
            Sign in
          </button>
        ) : (
          <Link to={paths.login}>Sign in</Link>
        )}
      </p>
    </form>
  );
}
