import { isWithinVideoLengthLimit, VIDEO_UPLOAD_MESSAGES } from '@app/contracts';

/**
 * The dialog's 2-minute pre-check: a file the browser can measure and that is too long is refused
 * before a byte is sent. A file it cannot measure (a codec it cannot decode, a recording with no
 * duration in its header) goes up, and the server, which measures every file, decides.
 */

/** How long the browser may take to read a file's header before the server is left to decide. */
export const DURATION_READ_TIMEOUT_MS = 8000;

/**
 * The spec's message for a file the browser measured as longer than 2 minutes; null when it is
 * within the limit or its length is unknown (null, NaN, or Infinity as MediaRecorder files report).
 */
export function videoLengthProblem(seconds: number | null): string | null {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null;
  return isWithinVideoLengthLimit(seconds) ? null : VIDEO_UPLOAD_MESSAGES.tooLong;
}

/**
 * The duration in seconds the file's own metadata gives, read by a detached video element; null
 * when the browser cannot read it (not decodable here) or does not within the timeout.
 */
export function readVideoDuration(file: Blob, timeoutMs = DURATION_READ_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const finish = (seconds: number | null) => {
      window.clearTimeout(timer);
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('error', onError);
      // Stops the element reading the file, then lets the browser drop it.
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const onMetadata = () => finish(video.duration);
    const onError = () => finish(null);
    video.addEventListener('loadedmetadata', onMetadata);
    video.addEventListener('error', onError);
    const timer = window.setTimeout(() => finish(null), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.src = url;
  });
}
