import { ScreenPage } from '@/app/routes/screen-page';

export function LoginRoute() {
  return (
    <ScreenPage
      title="Login"
      description="Sign in to save videos, give feedback and rate the advice other members share."
    />
  );
}
