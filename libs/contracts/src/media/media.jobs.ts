/** BullMQ queues of the media pipeline. Probe is the fast lane, transcode the heavy one. */
export const MEDIA_QUEUES = {
  probe: 'media-probe',
  transcode: 'media-transcode',
  /** Verdicts from the worker back to the video service, which owns the `videos` rows. */
  results: 'media-results',
  /** Stored objects to delete (a deleted video, a refused upload). */
  cleanup: 'media-cleanup',
} as const;
export type MediaQueueName = (typeof MEDIA_QUEUES)[keyof typeof MEDIA_QUEUES];

/** Longest accepted video, in seconds (spec: 2 minutes). */
export const MAX_VIDEO_SECONDS = 120;

/**
 * Jobs carry the id of the request that caused them (when there was one), so the worker's
 * logs name it: see libs/common trace-context.
 */
export interface RequestTraced {
  requestId?: string;
}

/** Job payloads carry ids and keys, never bytes. */
export interface ProbeJobData extends RequestTraced {
  objectKey: string;
  videoId?: number;
}

/** What ffprobe found in a readable file, as the worker needs it to plan the playback file. */
export interface ProbedMedia {
  /** ffprobe's demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  formatName: string;
  durationSeconds: number | null;
  /** The main picture: the first video stream that is not cover art. `index` is absolute, for `-map 0:<index>`. */
  video: {
    index: number;
    codec: string | null;
    pixelFormat: string | null;
    width: number | null;
    height: number | null;
  } | null;
  audio: { index: number; codec: string | null; channels: number | null } | null;
}

export interface ProbeResult {
  objectKey: string;
  /** ffprobe could read the container. */
  readable: boolean;
  hasVideo: boolean;
  hasAudio: boolean;
  durationSeconds: number | null;
  withinLengthLimit: boolean;
  videoCodec: string | null;
  audioCodec: string | null;
  pixelFormat: string | null;
  width: number | null;
  height: number | null;
  /** The full findings of a readable file (null when unreadable), handed on to the transcode stage. */
  media: ProbedMedia | null;
}

/** Thumbnail + browser-safe playback file for a registered video. */
export interface TranscodeJobData extends RequestTraced {
  videoId: number;
  /** The uploaded original; kept as it is. */
  objectKey: string;
  /** The probe stage's findings, so the file is not probed twice; absent → probed again. */
  media?: ProbedMedia;
}

/** Why a stored file cannot be played; the video gets `hasFileError`. */
export type MediaFailureReason = 'missing' | 'unreadable' | 'no-video' | 'too-long' | 'transcode-failed';

/** Every verdict the worker sends back about a registered video. Applying one twice changes nothing. */
export type MediaResultJobData = RequestTraced &
  (
    | { videoId: number; stage: 'probed'; result: ProbeResult }
    | {
        videoId: number;
        stage: 'ready';
        playbackKey: string;
        thumbnailKey: string | null;
        durationSeconds: number | null;
        /** false when the original was only remuxed (stream copy + faststart). */
        reencoded: boolean;
      }
    /**
     * After 'ready' with the original as playback file: its copy with the index first (same
     * streams, remuxed) replaces it, so playback starts and seeks without fetching the end first.
     */
    | { videoId: number; stage: 'faststart'; playbackKey: string }
    | { videoId: number; stage: 'failed'; reason: MediaFailureReason; detail: string }
  );

export interface CleanupJobData extends RequestTraced {
  keys: string[];
  /** Every object under these prefixes goes too (a deleted member's profile pictures). */
  prefixes?: string[];
}

/** Object keys of a video's files. The original's key is fixed at upload, before the row exists. */
export const VIDEO_KEYS = {
  original: (uploadId: string) => `videos/originals/${uploadId}`,
  playback: (videoId: number) => `videos/${videoId}/playback.mp4`,
  thumbnail: (videoId: number) => `videos/${videoId}/thumbnail.jpg`,
} as const;

/** Deterministic job ids: enqueueing the same stage twice for a video queues it once. */
export const mediaJobId = (stage: 'probe' | 'transcode' | 'result', videoId: number, suffix = ''): string =>
  `${stage}-${videoId}${suffix ? `-${suffix}` : ''}`;
