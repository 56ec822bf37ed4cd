import { Injectable } from '@nestjs/common';
import {
  UPLOAD_PATTERNS,
  UPLOAD_VERDICT_WAIT_MS,
  type AbandonUploadRequest,
  type AbandonUploadResponse,
  type BeginUploadRequest,
  type BeginUploadResponse,
  VIDEO_PATTERNS,
  type Actor,
  type CreateVideoRequest,
  type DeleteVideoMessage,
  type PlaybackRequest,
  type PlaybackSources,
  type RecordViewRequest,
  type StoredUpload,
  type UpdateVideoMessage,
  type UpdateVideoRequest,
  type VideoUploadFields,
} from '@app/contracts';
import { config } from '../config.js';
import { RpcClient } from './rpc.client.js';

@Injectable()
export class VideoClient {
  constructor(private readonly rpc: RpcClient) {}

  /** Registers an upload or a link; waits a bounded time for the worker's first verdict on a file. */
  create(uploaderId: string, fields: VideoUploadFields, upload?: StoredUpload): Promise<{ id: number }> {
    const waitMs = upload ? UPLOAD_VERDICT_WAIT_MS : 0;
    return this.rpc.send<{ id: number }, CreateVideoRequest>(
      'video',
      VIDEO_PATTERNS.create,
      { uploaderId, fields, upload, waitMs },
      waitMs + config.SERVICE_TIMEOUT_MS,
    );
  }

  update(videoId: number, actor: Actor, request: UpdateVideoRequest): Promise<{ id: number }> {
    return this.rpc.send<{ id: number }, UpdateVideoMessage>('video', VIDEO_PATTERNS.update, {
      videoId,
      actor,
      request,
    });
  }

  delete(videoId: number, actor: Actor): Promise<{ id: number }> {
    return this.rpc.send<{ id: number }, DeleteVideoMessage>('video', VIDEO_PATTERNS.delete, { videoId, actor });
  }

  recordView(videoId: number, viewerKey: string): Promise<{ counted: boolean }> {
    return this.rpc.send<{ counted: boolean }, RecordViewRequest>('video', VIDEO_PATTERNS.recordView, {
      videoId,
      viewerKey,
    });
  }

  /** What `viewerId` (null for a visitor) may stream: the published copy, or the uploader's own original before it exists. */
  playback(videoId: number, viewerId: string | null = null): Promise<PlaybackSources> {
    return this.rpc.send<PlaybackSources, PlaybackRequest>('video', VIDEO_PATTERNS.playback, { videoId, viewerId });
  }

  /** The object key to store a member's file under, recorded before the first byte is stored. */
  beginUpload(ownerId: string): Promise<BeginUploadResponse> {
    return this.rpc.send<BeginUploadResponse, BeginUploadRequest>('video', UPLOAD_PATTERNS.begin, { ownerId });
  }

  /** The upload will not become a video; `abandoned` says whether its object may be deleted now. */
  abandonUpload(ownerId: string, objectKey: string): Promise<AbandonUploadResponse> {
    return this.rpc.send<AbandonUploadResponse, AbandonUploadRequest>('video', UPLOAD_PATTERNS.abandon, {
      ownerId,
      objectKey,
    });
  }
}
