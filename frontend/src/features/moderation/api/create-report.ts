import type { ReportDto, ReportReason, ReportSubjectType } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_REPORTS_QUERY_KEY_ROOT } from '@/features/moderation/api/get-admin-reports';
import { api } from '@/lib/api-client';

export const REPORTS_URL = '/api/reports';

export type CreateReportInput = {
  subjectType: ReportSubjectType;
  subjectId: string | number;
  reason: ReportReason;
  note?: string;
};

/**
 * POST /api/reports → the report (201, or 200 when the member already has it open). 403 for one's
 * own content, 404 when the content is gone.
 */
export function createReport({ note, ...input }: CreateReportInput): Promise<ReportDto> {
  const trimmed = note?.trim();
  return api.post<ReportDto>(REPORTS_URL, trimmed ? { ...input, note: trimmed } : input);
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    // Only an admin has the queue loaded; for anyone else this matches nothing.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_REPORTS_QUERY_KEY_ROOT }),
  });
}
