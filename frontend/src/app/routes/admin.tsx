import { ScreenPage } from '@/app/routes/screen-page';

export function AdminRoute() {
  return <ScreenPage title="Admin Panel" description="Manage users, categories and videos." />;
}
