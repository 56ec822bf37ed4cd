import { ScreenPage } from '@/app/routes/screen-page';

export function SavedVideosRoute() {
  return (
    <ScreenPage title="Saved Videos" description="Videos you have bookmarked, kept in one place for easy access." />
  );
}
