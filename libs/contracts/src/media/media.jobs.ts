/** BullMQ queues of the media pipeline. Probe is the fast lane, transcode the heavy one. */
export const MEDIA_QUEUES = {
  probe: 'media-probe',
  transcode: 'media-transcode',
} as const;
export type MediaQueueName = (typeof MEDIA_QUEUES)[keyof typeof MEDIA_QUEUES];

/** Longest accepted video, in seconds (spec: 2 minutes). */
export const MAX_VIDEO_SECONDS = 120;

/** Job payloads carry ids and keys, never bytes. */
export interface ProbeJobData {
  objectKey: string;
  videoId?: number;
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
}
