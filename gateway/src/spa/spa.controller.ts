import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { config } from '../config.js';

const API_PREFIX = /^\/api(\/|$)/;
/** Operations endpoints that live on internal ports only: a clear 404 here, never the app shell. */
const INTERNAL_ONLY = /^\/metrics(\/|$)/;

/**
 * Serves the built React app for every non-API GET (client-side routes such as /video/3), so
 * a reload or a shared link lands on the right screen. Registered last, after the API routes.
 */
@Controller()
export class SpaController {
  private readonly indexHtml = resolve(config.STATIC_DIR, 'index.html');

  @Get('{*path}')
  serve(@Req() req: Request, @Res() res: Response): void {
    if (API_PREFIX.test(req.path) || INTERNAL_ONLY.test(req.path))
      throw new NotFoundException({ message: `Not found: ${req.method} ${req.path}` });
    if (!existsSync(this.indexHtml))
      throw new NotFoundException({ message: 'The web app has not been built (npm run build)' });
    // The shell must never be cached, or a deploy would leave browsers on stale asset names.
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(this.indexHtml);
  }
}
