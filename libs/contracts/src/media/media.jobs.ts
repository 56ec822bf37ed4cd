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

/** Slack over MAX_VIDEO_SECONDS: a recording a phone shows as 2:00 often reads 120.02 s or so in its container. */
export const VIDEO_LENGTH_TOLERANCE_SECONDS = 0.5;

/** The 2-minute rule, the one definition the worker, the video service and the upload dialog apply. */
export const isWithinVideoLengthLimit = (seconds: number): boolean =>
  Number.isFinite(seconds) && seconds <= MAX_VIDEO_SECONDS + VIDEO_LENGTH_TOLERANCE_SECONDS;

/**
 * What the pipeline will spend CPU on: beyond these a file is no phone or camera clip but a
 * decoding bomb, refused as not a valid video. Video streams are counted with cover art
 * (attached pictures): a clip has one picture stream, an exported one sometimes a cover too.
 */
export const MEDIA_INPUT_LIMITS = {
  maxSidePixels: 4096,
  maxFramesPerSecond: 240,
  maxVideoStreams: 2,
} as const;

/** Why a probed file is over MEDIA_INPUT_LIMITS (for logs), or null when it is within them. */
export function mediaInputLimitProblem(media: Pick<ProbedMedia, 'video' | 'videoStreamCount'>): string | null {
  const { maxSidePixels, maxFramesPerSecond, maxVideoStreams } = MEDIA_INPUT_LIMITS;
  if ((media.videoStreamCount ?? 0) > maxVideoStreams) {
    return `${media.videoStreamCount} video streams (at most ${maxVideoStreams})`;
  }
  const video = media.video;
  if (!video) return null;
  const side = Math.max(video.width ?? 0, video.height ?? 0);
  if (side > maxSidePixels) return `${video.width}x${video.height} (at most ${maxSidePixels} px a side)`;
  // Rounded: 240 fps slow motion reads 239.98 or 240.02.
  if (video.frameRate !== undefined && video.frameRate !== null && Math.round(video.frameRate) > maxFramesPerSecond) {
    return `${video.frameRate.toFixed(2)} fps (at most ${maxFramesPerSecond})`;
  }
  return null;
}

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
  videoId: number;
}

/** A fraction, as ffprobe writes frame rates ("30000/1001"): exact where a float is not. */
export interface Rational {
  num: number;
  den: number;
}

/**
 * The playback file's pictures as a frame-exact player steps through them: `frameCount` frames,
 * frame k shown from `startTime + k * den / num` seconds until the next.
 */
export interface PlaybackFrames {
  /** Exact frames per second (constant: the playback file is made constant-rate). */
  frameRate: Rational;
  frameCount: number;
  /** Seconds; 0 for every file the worker makes. */
  startTime: number;
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
    /** Average frames per second; null when the file does not say (absent from older workers' findings). */
    frameRate?: number | null;
    /**
     * ffprobe's r_frame_rate: the exact base rate of a constant-rate stream (30000/1001), but only a
     * guess from the timebase for some files (1000/1 for browser-recorded WebM). Null when absent.
     */
    baseFrameRate?: Rational | null;
    /** ffprobe's avg_frame_rate: frames over the stream's duration. */
    averageFrameRate?: Rational | null;
    /** Frames as the container's header counts them (nb_frames); null when it does not (Matroska/WebM). */
    frameCount?: number | null;
    /** The stream's first timestamp, in seconds. */
    startTime?: number | null;
  } | null;
  audio: { index: number; codec: string | null; channels: number | null } | null;
  /** Every video stream, cover art included (absent from older workers' findings). */
  videoStreamCount?: number;
}

export interface ProbeResult {
  objectKey: string;
  /** ffprobe could read the container. */
  readable: boolean;
  hasVideo: boolean;
  hasAudio: boolean;
  durationSeconds: number | null;
  withinLengthLimit: boolean;
  /** Within MEDIA_INPUT_LIMITS (size, frame rate, stream count); absent from older workers' verdicts. */
  withinInputLimits?: boolean;
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
export type MediaFailureReason =
  'missing' | 'unreadable' | 'no-video' | 'too-long' | 'over-limits' | 'transcode-failed' | 'time-budget';

/** Every verdict the worker sends back about a registered video. Applying one twice changes nothing. */
export type MediaResultJobData = RequestTraced &
  (
    | { videoId: number; stage: 'probed'; result: ProbeResult }
    | {
        videoId: number;
        stage: 'ready';
        /** Always VIDEO_KEYS.playback(videoId): the original itself is never played (its metadata stays private). */
        playbackKey: string;
        /** VIDEO_KEYS.thumbnail(videoId), or null when no frame could be taken. */
        thumbnailKey: string | null;
        durationSeconds: number | null;
        /** false when the original was only remuxed (stream copy, metadata dropped, index first). */
        reencoded: boolean;
        /** Measured on the playback file itself; null when it could not be, absent from older workers' verdicts. */
        frames?: PlaybackFrames | null;
      }
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

/** The id of the video a derived key (`videos/{id}/...`) belongs to, or null for any other key. */
export function videoIdOfDerivedKey(key: string): number | null {
  const id = Number(/^videos\/([1-9]\d{0,9})\/[^/]+$/.exec(key)?.[1]);
  // Row ids are PostgreSQL integers.
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

/** Deterministic job ids: enqueueing the same stage twice for a video queues it once. */
export const mediaJobId = (stage: 'probe' | 'transcode' | 'result', videoId: number, suffix = ''): string =>
  `${stage}-${videoId}${suffix ? `-${suffix}` : ''}`;
