import { Controller, Get, NotFoundException, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { resolve } from 'node:path';
import { sessionCookieName } from '../auth/session.setup.js';
import { markSessionsFromBeforeTheMarker } from '../auth/signed-in-marker.js';
import { config } from '../config.js';
import { AppShell } from './app-shell.js';
import { RoutePreloads } from './route-preloads.js';

const API_PREFIX = /^\/api(\/|$)/;
/** Operations endpoints that live on internal ports only: a clear 404 here, never the app shell. */
const INTERNAL_ONLY = /^\/metrics(\/|$)/;
const SESSION_ABSOLUTE_MS = config.SESSION_ABSOLUTE_HOURS * 3_600_000;

/**
 * Serves the built React app for every non-API GET (client-side routes such as /video/3), so
 * a reload or a shared link lands on the right screen. Registered last, after the API routes.
 */
@Controller()
export class SpaController {
  private readonly preloads = RoutePreloads.fromBuild(resolve(config.STATIC_DIR));

  constructor(private readonly shell: AppShell) {}

  @Get('{*path}')
  serve(@Req() req: Request, @Res() res: Response): void {
    if (API_PREFIX.test(req.path) || INTERNAL_ONLY.test(req.path))
      throw new NotFoundException({ message: `Not found: ${req.method} ${req.path}` });
    if (!this.shell.exists())
      throw new NotFoundException({ message: 'The web app has not been built (npm run build)' });
    markSessionsFromBeforeTheMarker(req, res, sessionCookieName(req), SESSION_ABSOLUTE_MS);
    const preloads = this.preloads.links(req.path);
    if (preloads.length) res.setHeader('Link', preloads.join(', '));
    this.shell.send(req, res);
  }
}
