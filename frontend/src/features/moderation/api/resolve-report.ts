import type { ModerationAction } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_REPORTS_QUERY_KEY_ROOT,
  ADMIN_REPORTS_URL,
  type AdminReportGroup,
} from '@/features/moderation/api/get-admin-reports';
import { api } from '@/lib/api-client';

export type ResolveReportInput = { reportId: number; action: ModerationAction };

/** POST /api/admin/reports/{id}/resolve { action } → the group, now resolved (409 when it already was). */
export function resolveReport({ reportId, action }: ResolveReportInput): Promise<AdminReportGroup> {
  return api.post<AdminReportGroup>(`${ADMIN_REPORTS_URL}/${encodeURIComponent(String(reportId))}/resolve`, {
    action,
  });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    // A 409 means another admin got there first: the lists are stale either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_QUERY_KEY_ROOT }),
  });
}
