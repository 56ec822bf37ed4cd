import { Controller, Get, Query } from '@nestjs/common';
import { listVideosRequestSchema, type ListVideosRequest, type VideoDto } from '@app/contracts';
import { CatalogClient } from '../clients/catalog.client.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';

@Controller('api/videos')
export class VideosController {
  constructor(private readonly catalog: CatalogClient) {}

  /**
   * Public. `?limit&categoryId&uploaderId&sort&q`: limit defaults to 12, clamped to 1..100; sort is
   * recent (default), views, rating or feedback; q searches titles, ignoring case.
   */
  @Get()
  list(@Query(new ZodParamsPipe(listVideosRequestSchema)) query: ListVideosRequest): Promise<VideoDto[]> {
    return this.catalog.listVideos(query);
  }
}
