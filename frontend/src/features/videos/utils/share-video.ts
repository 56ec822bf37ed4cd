import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';

/** The address of a video's page, as someone else would open it. */
export function videoPageUrl(videoId: number | string): string {
  return new URL(paths.video(videoId), window.location.origin).toString();
}

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers, or a page not served over HTTPS.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('Copy failed');
}

/**
 * The system share sheet where there is one; otherwise the link goes to the clipboard with the
 * notice 'Link copied to clipboard'.
 */
export async function shareVideo(video: { id: number | string; title: string }): Promise<void> {
  const url = videoPageUrl(video.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: video.title, url });
      return;
    } catch (error) {
      // The person closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Otherwise (not allowed here, nothing to share to) fall back to copying.
    }
  }
  try {
    await copyText(url);
    toast({ title: 'Link copied to clipboard' });
  } catch {
    toast({ title: 'Could not copy the link', description: url, variant: 'destructive' });
  }
}
