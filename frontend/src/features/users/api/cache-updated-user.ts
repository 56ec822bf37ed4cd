import type { UserDto } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '@/features/users/api/get-user';
import { setCurrentUser } from '@/lib/auth';

/** After a profile call, the answer is the member as now stored: both cached copies take it (spec section 7). */
export function cacheUpdatedUser(queryClient: QueryClient, user: UserDto): void {
  setCurrentUser(queryClient, user);
  queryClient.setQueryData(getUserQueryOptions(user.id).queryKey, user);
}
