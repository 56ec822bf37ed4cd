import type { ProbeResult } from './media.jobs.js';

export const VIDEO_PATTERNS = {
  /** Queue a probe of a stored object and wait a bounded time for the worker's verdict. */
  probeObject: 'video.media.probe.v1',
} as const;

export interface ProbeObjectRequest {
  objectKey: string;
  /** How long the caller is willing to wait for the worker, in ms. */
  waitMs: number;
}

export type ProbeObjectResponse = { status: 'done'; result: ProbeResult } | { status: 'pending'; jobId: string };
