/**
 * The upload dialog's progress arithmetic: how fast the bytes are going out and how long the rest
 * will take, measured over the last few seconds so a burst or a stall does not swing the estimate.
 */

const KB = 1024;
const MB = 1024 * 1024;

/** The speed is measured over this trailing window. */
export const SPEED_WINDOW_MS = 3000;
/** Below this span of samples the speed is not known yet (the first events come in a burst). */
export const MIN_SPEED_SPAN_MS = 500;

/** A size as people read it: "12.3 MB", "512 KB". Sizes are in units of 1024, as the 100 MB limit. */
export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes <= 0) return '0 KB';
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

/** "1.2 MB/s", "340 KB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}

/** "8 s left", "2 min 5 s left", "1 h 3 min left"; rounded up, so it never promises too soon. */
export function formatTimeLeft(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return `${whole} s left`;
  if (whole < 3600) {
    const minutes = Math.floor(whole / 60);
    const rest = whole % 60;
    return rest === 0 ? `${minutes} min left` : `${minutes} min ${rest} s left`;
  }
  const allMinutes = Math.ceil(whole / 60);
  const hours = Math.floor(allMinutes / 60);
  const minutes = allMinutes % 60;
  return minutes === 0 ? `${hours} h left` : `${hours} h ${minutes} min left`;
}

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body. */
  total: number;
  /** Measured over the last few seconds; null until there is enough to measure. */
  bytesPerSecond: number | null;
  /** At the measured speed; null while the speed is unknown or nothing moves. */
  secondsLeft: number | null;
}

/** Records (time, bytes sent) samples and answers the progress with speed and time left. */
export class TransferMeter {
  private samples: Array<{ atMs: number; loaded: number }> = [];

  constructor(private readonly windowMs = SPEED_WINDOW_MS) {}

  record(loaded: number, total: number, atMs: number): UploadProgress {
    this.samples.push({ atMs, loaded });
    // Keep the newest sample older than the window too, so the window is always spanned.
    while (this.samples.length > 2 && this.samples[1]!.atMs <= atMs - this.windowMs) this.samples.shift();
    const first = this.samples[0]!;
    const spanMs = atMs - first.atMs;
    const bytesPerSecond = spanMs >= MIN_SPEED_SPAN_MS ? ((loaded - first.loaded) * 1000) / spanMs : null;
    const secondsLeft =
      bytesPerSecond !== null && bytesPerSecond > 0 ? Math.max(0, total - loaded) / bytesPerSecond : null;
    return { loaded, total, bytesPerSecond, secondsLeft };
  }
}

/** "3.4 MB of 12.0 MB · 1.2 MB/s · 8 s left", or "… · estimating time left" before the speed is known. */
export function describeUploadProgress({ loaded, total, bytesPerSecond, secondsLeft }: UploadProgress): string {
  const sent = `${formatBytes(loaded)} of ${formatBytes(total)}`;
  if (bytesPerSecond === null) return `${sent} · estimating time left`;
  const pace = formatSpeed(bytesPerSecond);
  if (secondsLeft === null) return `${sent} · ${pace}`;
  return `${sent} · ${pace} · ${formatTimeLeft(secondsLeft)}`;
}

/** Whole percent sent; 100 only once every byte has gone. */
export function percentSent({ loaded, total }: Pick<UploadProgress, 'loaded' | 'total'>): number {
  if (total <= 0) return 0;
  if (loaded >= total) return 100;
  return Math.min(99, Math.floor((loaded / total) * 100));
}
