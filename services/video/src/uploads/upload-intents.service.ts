import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { VIDEO_KEYS, type AbandonUploadResponse, type BeginUploadResponse } from '@app/contracts';
import { config } from '../config.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { UploadIntentsRepository } from './upload-intents.repository.js';

/**
 * Hands out the object key of each file upload before the gateway stores anything, so every
 * stored original is either claimed by its video or, once its intent expires, deleted.
 */
@Injectable()
export class UploadIntentsService {
  constructor(
    private readonly intents: UploadIntentsRepository,
    private readonly relay: OutboxRelayService,
  ) {}

  async begin(ownerId: string): Promise<BeginUploadResponse> {
    const intent = await this.intents.record(
      VIDEO_KEYS.original(randomUUID()),
      ownerId,
      config.UPLOAD_INTENT_TTL_SECONDS,
    );
    return { objectKey: intent.objectKey, expiresAt: intent.expiresAt.toISOString() };
  }

  async abandon(ownerId: string, objectKey: string): Promise<AbandonUploadResponse> {
    const abandoned = await this.intents.abandon(objectKey, ownerId);
    if (abandoned) void this.relay.kick();
    return { abandoned };
  }
}
