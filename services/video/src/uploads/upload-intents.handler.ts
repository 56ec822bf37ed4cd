import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  abandonUploadRequestSchema,
  beginUploadRequestSchema,
  UPLOAD_PATTERNS,
  type AbandonUploadResponse,
  type BeginUploadResponse,
} from '@app/contracts';
import { parsePayload } from '@app/common';
import { UploadIntentsService } from './upload-intents.service.js';

@Controller()
export class UploadIntentsHandler {
  constructor(private readonly uploads: UploadIntentsService) {}

  @MessagePattern(UPLOAD_PATTERNS.begin)
  begin(@Payload() payload: unknown): Promise<BeginUploadResponse> {
    return this.uploads.begin(parsePayload(beginUploadRequestSchema, payload).ownerId);
  }

  @MessagePattern(UPLOAD_PATTERNS.abandon)
  abandon(@Payload() payload: unknown): Promise<AbandonUploadResponse> {
    const request = parsePayload(abandonUploadRequestSchema, payload);
    return this.uploads.abandon(request.ownerId, request.objectKey);
  }
}
