import { Injectable } from '@nestjs/common';
import {
  UPLOAD_VERDICT_WAIT_MS,
  VIDEO_RPC,
  type AbandonUploadResponse,
  type Actor,
  type BeginUploadResponse,
  type PlaybackSources,
  type RecordedView,
  type StoredUpload,
  type UpdateVideoRequest,
  type VideoUploadFields,
  type VideoWriteResult,
} from '@app/contracts';
import { CallBatcher, RpcClient } from '@app/common';
import { config } from '../config.js';

@Injectable()
export class VideoClient {
  /** The video pages opened in one turn of the event loop count their views in one call. */
  private readonly views = new CallBatcher<{ videoId: number; viewerKey: string }, RecordedView>(async (views) => {
    const { recorded } = await this.rpc.call(VIDEO_RPC.recordViews, { views });
    return recorded;
  });

  constructor(private readonly rpc: RpcClient) {}

  /** Registers an upload or a link; waits a bounded time for the worker's first verdict on a file. */
  create(uploaderId: string, fields: VideoUploadFields, upload?: StoredUpload): Promise<VideoWriteResult> {
    const waitMs = upload ? UPLOAD_VERDICT_WAIT_MS : 0;
    return this.rpc.call(
      VIDEO_RPC.create,
      { uploaderId, fields, upload, waitMs },
      { timeoutMs: waitMs + config.SERVICE_TIMEOUT_MS },
    );
  }

  update(videoId: number, actor: Actor, request: UpdateVideoRequest): Promise<VideoWriteResult> {
    return this.rpc.call(VIDEO_RPC.update, { videoId, actor, request });
  }

  delete(videoId: number, actor: Actor): Promise<VideoWriteResult> {
    return this.rpc.call(VIDEO_RPC.delete, { videoId, actor });
  }

  recordView(videoId: number, viewerKey: string): Promise<RecordedView> {
    return this.views.call({ videoId, viewerKey });
  }

  /** What `viewerId` (null for a visitor) may stream: the published copy, or the uploader's own original before it exists. */
  playback(videoId: number, viewerId: string | null = null): Promise<PlaybackSources> {
    return this.rpc.call(VIDEO_RPC.playback, { videoId, viewerId });
  }

  /** The object key to store a member's file under, recorded before the first byte is stored. */
  beginUpload(ownerId: string): Promise<BeginUploadResponse> {
    return this.rpc.call(VIDEO_RPC.beginUpload, { ownerId });
  }

  /** The upload will not become a video; `abandoned` says whether its object may be deleted now. */
  abandonUpload(ownerId: string, objectKey: string): Promise<AbandonUploadResponse> {
    return this.rpc.call(VIDEO_RPC.abandonUpload, { ownerId, objectKey });
  }
}
