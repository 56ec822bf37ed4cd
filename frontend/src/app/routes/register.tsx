import { ScreenPage } from '@/app/routes/screen-page';

export function RegisterRoute() {
  return (
    <ScreenPage
      title="Registration"
      description="Create an account to upload your videos and start collecting feedback."
    />
  );
}
