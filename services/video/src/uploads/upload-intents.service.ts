import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { VIDEO_KEYS, type AbandonUploadResponse, type BeginUploadResponse } from '@app/contracts';
import { config } from '../config.js';
import { UploadIntentsRepository } from './upload-intents.repository.js';

/**
 * Hands out the object key of each file upload before the gateway stores anything, so every
 * stored original is either claimed by its video or, once its intent expires, deleted.
 */
@Injectable()
export class UploadIntentsService {
  constructor(private readonly intents: UploadIntentsRepository) {}

  async begin(ownerId: string): Promise<BeginUploadResponse> {
    const intent = await this.intents.record(
      VIDEO_KEYS.original(randomUUID()),
      ownerId,
      config.UPLOAD_INTENT_TTL_SECONDS,
    );
    return { objectKey: intent.objectKey, expiresAt: intent.expiresAt.toISOString() };
  }

  async abandon(ownerId: string, objectKey: string): Promise<AbandonUploadResponse> {
    return { abandoned: await this.intents.abandon(objectKey, ownerId) };
  }
}
