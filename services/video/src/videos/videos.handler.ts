import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { z } from 'zod';
import {
  USER_CLEANUP_PATTERNS,
  userCleanupMessageSchema,
  type UserCleanupResult,
  updateVideoRequestSchema,
  videoUploadFieldsSchema,
  VIDEO_PATTERNS,
  type CreateVideoRequest,
  type DeleteVideoMessage,
  type PlaybackRequest,
  type PlaybackSources,
  type RecordViewRequest,
  type UpdateVideoMessage,
} from '@app/contracts';
import { parsePayload } from '@app/common';
import { VideosService, type CreatedVideo } from './videos.service.js';

// What the gateway sends is checked again: the service is the guard.
const videoId = z.number().int().positive().max(2_147_483_647);
const actor = z.object({ id: z.string().min(1), isAdmin: z.boolean() });
const createSchema = z.object({
  uploaderId: z.string().uuid(),
  fields: videoUploadFieldsSchema,
  upload: z
    .object({
      objectKey: z.string().min(1).max(512),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      sizeBytes: z.number().int().positive(),
      mimeType: z.string().min(1).max(100),
    })
    .optional(),
  waitMs: z.number().int().min(0),
});

@Controller()
export class VideosHandler {
  constructor(private readonly videos: VideosService) {}

  @MessagePattern(VIDEO_PATTERNS.create)
  create(@Payload() payload: CreateVideoRequest): Promise<CreatedVideo> {
    return this.videos.create(parsePayload(createSchema, payload));
  }

  @MessagePattern(VIDEO_PATTERNS.update)
  async update(@Payload() payload: UpdateVideoMessage): Promise<{ id: number }> {
    const message = parsePayload(z.object({ videoId, actor, request: updateVideoRequestSchema }), payload);
    await this.videos.update(message.videoId, message.actor, message.request);
    return { id: message.videoId };
  }

  @MessagePattern(VIDEO_PATTERNS.delete)
  async delete(@Payload() payload: DeleteVideoMessage): Promise<{ id: number }> {
    const message = parsePayload(z.object({ videoId, actor }), payload);
    await this.videos.delete(message.videoId, message.actor);
    return { id: message.videoId };
  }

  @MessagePattern(USER_CLEANUP_PATTERNS.videos)
  deleteAllOfUploader(@Payload() payload: unknown): Promise<UserCleanupResult> {
    return this.videos.deleteAllOfUploader(parsePayload(userCleanupMessageSchema, payload).userId);
  }

  @MessagePattern(VIDEO_PATTERNS.recordView)
  async recordView(@Payload() payload: RecordViewRequest): Promise<{ counted: boolean }> {
    const message = parsePayload(z.object({ videoId, viewerKey: z.string().min(1).max(100) }), payload);
    return { counted: await this.videos.recordView(message.videoId, message.viewerKey) };
  }

  @MessagePattern(VIDEO_PATTERNS.playback)
  playback(@Payload() payload: PlaybackRequest): Promise<PlaybackSources> {
    const message = parsePayload(z.object({ videoId, viewerId: z.string().min(1).max(100).nullish() }), payload);
    return this.videos.playback(message.videoId, message.viewerId ?? null);
  }
}
