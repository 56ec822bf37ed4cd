import type { Actor } from '../auth/user.types.js';
import type { UpdateVideoRequest, VideoUploadFields } from './video-upload.schemas.js';

export const VIDEO_PATTERNS = {
  create: 'video.videos.create.v1',
  update: 'video.videos.update.v1',
  delete: 'video.videos.delete.v1',
  recordView: 'video.views.record.v1',
  /** Where the gateway streams a video's file and thumbnail from (object keys stay internal). */
  playback: 'video.videos.playback.v1',
} as const;

/** A file already streamed into storage by the gateway. */
export interface StoredUpload {
  objectKey: string;
  /** sha256, 64 hex characters: the duplicate check. */
  sha256: string;
  sizeBytes: number;
  mimeType: string;
}

export interface CreateVideoRequest {
  uploaderId: string;
  fields: VideoUploadFields;
  /** Absent for a YouTube link. */
  upload?: StoredUpload;
  /** How long to wait for the worker's first verdict before answering with the video still processing. */
  waitMs: number;
}

export interface UpdateVideoMessage {
  videoId: number;
  actor: Actor;
  request: UpdateVideoRequest;
}

export interface DeleteVideoMessage {
  videoId: number;
  actor: Actor;
}

export interface RecordViewRequest {
  videoId: number;
  /** The signed-in user's id, or the anonymous viewer cookie. */
  viewerKey: string;
}

export interface PlaybackRequest {
  videoId: number;
  /**
   * The signed-in viewer (null for a visitor). Only the uploader may preview their own original
   * while its published copy is being made; everyone else gets the copy or nothing.
   */
  viewerId?: string | null;
}

export interface PlaybackSources {
  /**
   * What this viewer may stream: the published copy (without the original's metadata) once it
   * exists, the original only for its uploader until then; null otherwise, and for a link.
   */
  video: {
    objectKey: string;
    contentType: string;
    /** The uploader's own original, previewed before the copy exists: never to be kept in a cache. */
    original?: boolean;
  } | null;
  thumbnailKey: string | null;
}
