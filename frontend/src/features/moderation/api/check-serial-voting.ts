import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REPORTS_QUERY_KEY_ROOT, ADMIN_REPORTS_URL } from '@/features/moderation/api/get-admin-reports';
import { api } from '@/lib/api-client';

export type SerialVotingCheckResult = { reversed: number };

/** POST /api/admin/reports/serial-voting-check → how many bursts of votes and ratings were reversed. */
export function checkSerialVoting(): Promise<SerialVotingCheckResult> {
  return api.post<SerialVotingCheckResult>(`${ADMIN_REPORTS_URL}/serial-voting-check`);
}

export function useCheckSerialVoting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkSerialVoting,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_QUERY_KEY_ROOT }),
  });
}
