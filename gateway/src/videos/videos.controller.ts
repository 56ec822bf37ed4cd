import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { listVideosRequestSchema, type ListVideosRequest, type VideoDto } from '@app/contracts';
import { CatalogClient } from '../clients/catalog.client.js';
import { sendPage } from '../http/next-page.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';

@Controller('api/videos')
export class VideosController {
  constructor(private readonly catalog: CatalogClient) {}

  /**
   * Public. `?limit&categoryId&uploaderId&sort&q&cursor`: limit defaults to 12, clamped to 1..100;
   * sort is recent (default), views, rating or feedback; q searches titles, descriptions, uploaders'
   * and categories' names, best match first unless a sort is given. More pages: the `Link` header.
   */
  @Get()
  async list(
    @Query(new ZodParamsPipe(listVideosRequestSchema)) query: ListVideosRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<VideoDto[]> {
    return sendPage(req, res, await this.catalog.listVideos(query));
  }
}
