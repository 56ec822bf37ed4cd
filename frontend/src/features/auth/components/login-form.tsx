import { loginRequestSchema, type UserDto } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { TextField } from '@/components/ui/form-field';
import { toast, toastAfterReload, type ToastInput } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { PASSWORD_RESET_MESSAGE } from '@/features/auth/components/auth-copy';
import { loginErrorToast, useLogin } from '@/features/auth/api/login';
import { removeQueriesExceptCurrentUser, setCurrentUser } from '@/lib/auth';
import { focusFirstInvalid, useForm } from '@/lib/use-form';

type LoginFormProps = {
  /** 'page' goes to / on success; 'dialog' reloads the page (spec section 2). */
  variant: 'page' | 'dialog';
  /** In the dialog, 'Create one' switches to the registration dialog instead of navigating. */
  onCreateAccount?: () => void;
};

function welcomeToast(user: UserDto): ToastInput {
  const name = user.firstName?.trim();
  return {
    title: 'Login successful!',
    description: name ? `Welcome back, ${name}! Good to see you again.` : 'Welcome back! Good to see you again.',
  };
}

export function LoginForm({ variant, onCreateAccount }: LoginFormProps) {
  const form = useForm(loginRequestSchema, { email: '', password: '' });
  const login = useLogin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const body = form.validate();
    if (!body) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    login.mutate(body, {
      onSuccess: (user) => {
        if (variant === 'dialog') {
          toastAfterReload(welcomeToast(user));
          window.location.reload();
          return;
        }
        removeQueriesExceptCurrentUser(queryClient);
        setCurrentUser(queryClient, user);
        toast(welcomeToast(user));
        void navigate(paths.home);
      },
      onError: (error) => toast(loginErrorToast(error)),
    });
  };

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Sign in">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        autoFocus={variant === 'dialog'}
        value={form.values.email}
        onChange={(event) => form.setValue('email', event.target.value)}
        error={form.errors.email}
        required
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder="Your password"
        value={form.values.password}
        onChange={(event) => form.setValue('password', event.target.value)}
        error={form.errors.password}
        required
      />

      <p className="auth-form__aside">
        Forgot your password?{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => toast({ title: 'Forgot your password?', description: PASSWORD_RESET_MESSAGE })}
        >
          Reset it here
        </button>
      </p>

      <button type="submit" className="btn btn--primary btn--block btn--lg" disabled={login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </button>

      <p className="auth-form__switch">
        Don&apos;t have an account?{' '}
        {onCreateAccount ? (
          <button type="button" className="link-button" onClick={onCreateAccount}>
            Create one
          </button>
        ) : (
          <Link to={paths.register}>Create one</Link>
        )}
      </p>
    </form>
  );
}
