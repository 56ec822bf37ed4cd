import { Controller } from '@nestjs/common';
import { VIDEO_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { UploadIntentsService } from './upload-intents.service.js';

@Controller()
export class UploadIntentsHandler {
  constructor(private readonly uploads: UploadIntentsService) {}

  @Rpc(VIDEO_RPC.beginUpload)
  begin({ ownerId }: RpcPayload<typeof VIDEO_RPC.beginUpload>) {
    return this.uploads.begin(ownerId);
  }

  @Rpc(VIDEO_RPC.abandonUpload)
  abandon({ ownerId, objectKey }: RpcPayload<typeof VIDEO_RPC.abandonUpload>) {
    return this.uploads.abandon(ownerId, objectKey);
  }
}
