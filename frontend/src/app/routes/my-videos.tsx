import { ScreenPage } from '@/app/routes/screen-page';

export function MyVideosRoute() {
  return (
    <ScreenPage
      title="My Videos"
      description="The videos you have uploaded, with their views and the feedback they received."
    />
  );
}
