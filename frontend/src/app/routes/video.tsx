import { ScreenPage } from '@/app/routes/screen-page';

export function VideoRoute() {
  return <ScreenPage title="Video" description="Watch the video and read what the community has to say about it." />;
}
