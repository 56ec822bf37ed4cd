import type { AdminReportGroupDto, ReportStatus } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const ADMIN_REPORTS_URL = '/api/admin/reports';

export type AdminReportGroup = AdminReportGroupDto;

/** GET /api/admin/reports?status=open|resolved (admins only) → the reports grouped by what they are about. */
export function getAdminReports(status: ReportStatus, options: { signal?: AbortSignal } = {}) {
  return api.get<AdminReportGroup[]>(`${ADMIN_REPORTS_URL}?${new URLSearchParams({ status }).toString()}`, options);
}

/** Both lists share this root, so one invalidation refreshes open and resolved alike. */
export const ADMIN_REPORTS_QUERY_KEY_ROOT = [ADMIN_REPORTS_URL] as const;

export function getAdminReportsQueryOptions(status: ReportStatus) {
  return queryOptions({
    queryKey: [...ADMIN_REPORTS_QUERY_KEY_ROOT, status] as const,
    queryFn: ({ signal }) => getAdminReports(status, { signal }),
  });
}

export function useAdminReports(status: ReportStatus) {
  return useQuery(getAdminReportsQueryOptions(status));
}
