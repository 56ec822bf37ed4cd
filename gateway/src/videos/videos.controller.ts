import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { listVideosRequestSchema, type ListVideosRequest } from '@app/contracts';
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
    @Res() res: Response,
  ): Promise<void> {
    const viewerId = req.user?.id ?? null;
    if (viewerId !== null) {
      res.json(sendPage(req, res, await this.catalog.listVideos(query, viewerId)));
      return;
    }
    // Kept answers go out as they were serialised (and compressed) the first time.
    const { page, json } = await this.cache.anonymousPage(query, () => this.catalog.listVideos(query, null));
    sendPage(req, res, page);
    await json.send(req, res);
  }
}
