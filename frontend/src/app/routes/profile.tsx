import { ScreenPage } from '@/app/routes/screen-page';

export function ProfileRoute() {
  return (
    <ScreenPage
      title="Profile"
      description="A member's videos, the feedback they have given and the achievements they have earned."
    />
  );
}
