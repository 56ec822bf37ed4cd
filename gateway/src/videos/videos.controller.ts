import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { listVideosRequestSchema, type ListVideosRequest, type VideoDto } from '@app/contracts';
import { CatalogClient } from '../clients/catalog.client.js';
import { sendPage } from '../http/next-page.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';
import { ListingCache } from './listing-cache.js';

@Controller('api/videos')
export class VideosController {
  constructor(
    private readonly catalog: CatalogClient,
    private readonly cache: ListingCache,
  ) {}

  /**
   * Public. `?limit&categoryId&uploaderId&sort&q&cursor`: limit defaults to 12, clamped to 1..100;
   * sort is recent (default), views, rating or feedback; q searches titles, descriptions, uploaders'
   * and categories' names, best match first unless a sort is given. More pages: the `Link` header.
   * Signed out, the answer may come from this replica's ListingCache.
   */
  @Get()
  async list(
    @Query(new ZodParamsPipe(listVideosRequestSchema)) query: ListVideosRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<VideoDto[]> {
    const viewerId = req.user?.id ?? null;
    const page =
      viewerId === null
        ? await this.cache.anonymousPage(query, () => this.catalog.listVideos(query, null))
        : await this.catalog.listVideos(query, viewerId);
    return sendPage(req, res, page);
  }
}
