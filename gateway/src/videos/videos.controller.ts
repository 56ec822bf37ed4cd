import { Controller, Get, Query } from '@nestjs/common';
import { listVideosRequestSchema, type ListVideosRequest, type VideoDto } from '@app/contracts';
import { CatalogClient } from '../clients/catalog.client.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';

@Controller('api/videos')
export class VideosController {
  constructor(private readonly catalog: CatalogClient) {}

  /** Public. `?limit&categoryId&uploaderId`, newest first; limit defaults to 12, clamped to 1..100. */
  @Get()
  list(@Query(new ZodParamsPipe(listVideosRequestSchema)) query: ListVideosRequest): Promise<VideoDto[]> {
    return this.catalog.listVideos(query);
  }
}
