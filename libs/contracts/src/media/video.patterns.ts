import { z } from 'zod';
import type { ModerationSubjectDto } from '../moderation/moderation.contracts.js';
import { userCleanupMessageSchema, type UserCleanupResult } from '../admin/admin.contracts.js';
import { actorSchema } from '../auth/actor.schema.js';
import type { VideoState } from '../events/domain-events.js';
import { MAX_INT_ID } from '../ids.js';
import { defineRpc } from '../rpc/define-rpc.js';
import { referencedKeysRequestSchema, type ReferencedKeysResponse } from './media-references.js';
import {
  abandonUploadRequestSchema,
  beginUploadRequestSchema,
  type AbandonUploadResponse,
  type BeginUploadResponse,
} from './upload-intents.js';
import { refineStoredFile, updateVideoRequestSchema, videoUploadFieldsSchema } from './video-upload.schemas.js';

const videoId = z.number().int().min(1).max(MAX_INT_ID);

/** A file already streamed into storage by the gateway. */
export const storedUploadSchema = z
  .object({
    objectKey: z.string().min(1).max(512),
    /** sha256, 64 hex characters: the duplicate check. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    sizeBytes: z.number().int().positive(),
    mimeType: z.string().min(1).max(100),
  })
  // The upload dialog's file rule (type, at most 100 MB), judged again on what was stored.
  .superRefine(refineStoredFile);
export type StoredUpload = z.output<typeof storedUploadSchema>;

export const createVideoRequestSchema = z.object({
  uploaderId: z.string().uuid(),
  fields: videoUploadFieldsSchema,
  /** Absent for a YouTube link. */
  upload: storedUploadSchema.optional(),
  /** How long to wait for the worker's first verdict before answering with the video still processing. */
  waitMs: z.number().int().min(0),
});
export type CreateVideoRequest = z.output<typeof createVideoRequestSchema>;

export const updateVideoMessageSchema = z.object({ videoId, actor: actorSchema, request: updateVideoRequestSchema });
export const deleteVideoMessageSchema = z.object({ videoId, actor: actorSchema });

export const recordViewRequestSchema = z.object({
  videoId,
  /** The signed-in user's id, or the anonymous viewer cookie. */
  viewerKey: z.string().min(1).max(100),
});

/** Several viewers' views at once: the gateway gathers the video pages asked for in one turn of its event loop. */
export const recordViewsRequestSchema = z.object({ views: z.array(recordViewRequestSchema).min(1).max(200) });

export const playbackRequestSchema = z.object({
  videoId,
  /**
   * The signed-in viewer (null for a visitor). Only the uploader may preview their own original
   * while its published copy is being made; everyone else gets the copy or nothing.
   */
  viewerId: z.string().min(1).max(100).nullish(),
});

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

/**
 * A write's answer: the video's id and the revision of its state that the write produced, so the
 * caller can ask a read model for at least that revision (read-your-writes).
 */
export interface VideoWriteResult {
  id: number;
  revision: number;
}

/**
 * Whether the view counted, and the video's view count as its owner holds it now (null: no such
 * video), so the viewer sees the number at once, before the catalog's copy hears of it.
 */
export interface RecordedView {
  counted: boolean;
  views: number | null;
}

/** Calls answered by the video service. */
export const VIDEO_RPC = {
  /** Registers an upload or a link; with a file, waits up to `waitMs` for the worker's first verdict. */
  create: defineRpc('video.videos.create.v1', {
    request: createVideoRequestSchema,
    response: z.custom<VideoWriteResult>(),
  }),
  update: defineRpc('video.videos.update.v1', {
    request: updateVideoMessageSchema,
    response: z.custom<VideoWriteResult>(),
  }),
  delete: defineRpc('video.videos.delete.v1', {
    request: deleteVideoMessageSchema,
    response: z.custom<VideoWriteResult>(),
  }),
  /**
   * A video's current state as its events carry it, or null: asked by a read model that has not
   * heard of the video yet (feedback given on a video published a moment ago).
   */
  getState: defineRpc('video.videos.state.v1', {
    request: z.object({ videoId }),
    response: z.custom<{ video: VideoState | null }>(),
  }),
  recordView: defineRpc('video.views.record.v1', {
    request: recordViewRequestSchema,
    response: z.custom<RecordedView>(),
  }),
  /** recordView for each of `views`, in one message and one statement; answers in the same order. */
  recordViews: defineRpc('video.views.record-many.v1', {
    request: recordViewsRequestSchema,
    response: z.custom<{ recorded: RecordedView[] }>(),
  }),
  /** Where the gateway streams a video's file and thumbnail from (object keys stay internal). */
  playback: defineRpc('video.videos.playback.v1', {
    request: playbackRequestSchema,
    response: z.custom<PlaybackSources>(),
  }),
  /** Reserves a fresh object key for a member's file upload (see upload-intents.ts). */
  beginUpload: defineRpc('video.uploads.begin.v1', {
    request: beginUploadRequestSchema,
    response: z.custom<BeginUploadResponse>(),
  }),
  /**
   * The upload will not become a video: the intent is dropped and its object's removal queued,
   * unless a video already claimed it (then nothing changes and the object must stay).
   */
  abandonUpload: defineRpc('video.uploads.abandon.v1', {
    request: abandonUploadRequestSchema,
    response: z.custom<AbandonUploadResponse>(),
  }),
  /** What a report is about: the video's uploader, title and description, and whether it is hidden. */
  moderationSubject: defineRpc('video.moderation.subject.v1', {
    request: z.object({ videoId }),
    response: z.custom<ModerationSubjectDto | null>(),
  }),
  /** Hidden pending review (or restored): lists, search and counts drop it; only its uploader still sees it. */
  setHidden: defineRpc('video.moderation.hide.v1', {
    request: z.object({ videoId, hidden: z.boolean() }),
    response: z.custom<{ hidden: boolean; changed: boolean }>(),
  }),
  /** Deleted by moderation (asked by the admin service after an admin's decision), with its files. */
  moderationDelete: defineRpc('video.moderation.delete.v1', {
    request: z.object({ videoId }),
    response: z.custom<{ removed: number }>(),
  }),
  /** A step of the admin service's user deletion: the member's videos, with their files. */
  deleteAllOfUploader: defineRpc('video.videos.delete-by-uploader.v1', {
    request: userCleanupMessageSchema,
    response: z.custom<UserCleanupResult>(),
  }),
  /** Asked by the media cleanup: which keys a video row still names (original, playback, thumbnail, or its derived folder). */
  referencedKeys: defineRpc('video.objects.referenced.v1', {
    request: referencedKeysRequestSchema,
    response: z.custom<ReferencedKeysResponse>(),
  }),
} as const;
