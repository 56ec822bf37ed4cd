import type { RegisterRequest, UserDto } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import type { ToastInput } from '@/components/ui/toast';
import { api, getServerMessage } from '@/lib/api-client';

/** POST /api/auth/register → 201 with the new member, who is signed in by the same response. */
export function register(body: RegisterRequest): Promise<UserDto> {
  return api.post<UserDto>('/api/auth/register', body, { on401: 'throwSilently' });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/** The notice for a failed registration (spec section 8). */
export function registerErrorToast(error: unknown): ToastInput {
  return {
    title: 'Registration failed',
    description: getServerMessage(error) ?? 'Please try again.',
    variant: 'destructive',
  };
}
