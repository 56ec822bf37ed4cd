import type { LoginRequest, UserDto } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ToastInput } from '@/components/ui/toast';
import { api, ApiError, getServerMessage } from '@/lib/api-client';

/** POST /api/auth/login. A 401 here means wrong credentials, so it does not trigger the logged-out redirect. */
export function login(body: LoginRequest): Promise<UserDto> {
  return api.post<UserDto>('/api/auth/login', body, { on401: 'throwSilently' });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}

const CREDENTIALS_PATTERN = /invalid credentials|credentials|password|email/i;

/** The notice for a failed sign-in (spec section 8). */
export function loginErrorToast(error: unknown): ToastInput {
  const message = getServerMessage(error) ?? 'Login failed';
  // Throttling messages may name the email; they must still say to wait, not to retype.
  const throttled = error instanceof ApiError && error.status === 429;
  if (!throttled && CREDENTIALS_PATTERN.test(message)) {
    return {
      title: 'Login failed',
      description: 'Invalid email or password. Please check your credentials and try again.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Login failed',
    description: message || 'An error occurred. Please try again.',
    variant: 'destructive',
  };
}
