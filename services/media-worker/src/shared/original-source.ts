import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ObjectStorage } from '@app/storage';
import { inspectMedia, type MediaInfo } from '../ffmpeg/ffprobe.js';

/** Long enough for the slowest ffmpeg run on a 2-minute original. */
const URL_LIFETIME_SECONDS = 3600;

/**
 * An uploaded original as ffmpeg reads it. First over a presigned URL: ffprobe and a thumbnail
 * need only the index and a few frames, which they fetch with HTTP Range requests, and a remux
 * reads it through once. A local copy is made once, for a re-encode's packet scan and encode or
 * when reading over HTTP failed: a network hiccup must never be mistaken for a broken file, so
 * every negative answer is confirmed on the local copy.
 */
export class OriginalSource {
  private localCopy?: Promise<string>;

  private constructor(
    private readonly storage: ObjectStorage,
    readonly objectKey: string,
    readonly sizeBytes: number,
    readonly url: string,
    private readonly scratch: string,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** null when the object does not exist. */
  static async open(
    storage: ObjectStorage,
    objectKey: string,
    scratch: string,
    signal?: AbortSignal,
  ): Promise<OriginalSource | null> {
    const head = await storage.head(objectKey);
    if (!head) return null;
    const url = await storage.presignedGetUrl(objectKey, URL_LIFETIME_SECONDS);
    return new OriginalSource(storage, objectKey, head.size, url, scratch, signal);
  }

  /** Downloads the object to the scratch directory, once. */
  local(): Promise<string> {
    this.localCopy ??= (async () => {
      const path = join(this.scratch, 'original');
      const object = await this.storage.download(this.objectKey);
      if (!object) throw new Error(`object ${this.objectKey} disappeared while being processed`);
      await pipeline(object.body, createWriteStream(path), { signal: this.signal });
      return path;
    })();
    return this.localCopy;
  }

  /** Whether a local copy was needed (for the job's timings and logs). */
  get downloaded(): boolean {
    return this.localCopy !== undefined;
  }

  /** ffprobe over the URL; an unreadable answer is confirmed on the local copy. */
  async inspect(ffprobePath: string): Promise<MediaInfo | null> {
    return (await inspectMedia(ffprobePath, this.url)) ?? inspectMedia(ffprobePath, await this.local());
  }
}
