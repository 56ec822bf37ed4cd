// What routes use from moderation: the report button (video page, feedback, replies, profiles)
// and the Admin Panel's Reports tab.
export { ReportButton, ReportDialog } from '@/features/moderation/components/report-dialog';
export { ReportsManagement } from '@/features/moderation/components/reports-management';
