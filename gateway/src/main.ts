import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { resolve } from 'node:path';
import serveStatic from 'serve-static';
import { createLogger, startMetrics } from '@app/common';
import { migrateServiceSchema } from '@app/database';
import { GATEWAY_DATABASE } from './db/gateway-database.js';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { HttpExceptionFilter } from './http/http-exception.filter.js';
import { JSON_BODY_LIMIT } from './http/json-body.js';
import { SessionSetup } from './auth/session.setup.js';
import { onlyWhenSessionNeeded } from './auth/session-needed.js';
import { httpMetricsMiddleware } from './metrics/http-metrics.js';
import { serveMetrics } from './metrics/metrics-server.js';
import { reenterRequestTrace, requestTraceMiddleware } from './http/request-trace.js';
import { HttpDrain } from './http/http-drain.js';
import { keepConnectionsAlive } from './http/keep-alive.js';
import { accessDeniedLog } from './http/access-denied-log.js';
import { securityHeaders } from './http/security-headers.js';
import { crossSiteRequestGuard } from './http/cross-site-requests.js';
import { personalResponsesNotStored } from './http/personal-responses.js';
import { QUEUE_BOARD_PATH, QueueBoard } from './queues/queue-board.js';
import { staticCacheHeaders } from './spa/static-cache.js';
import { jsonCompression } from './http/json-compression.js';
import { PrecompressedAssets } from './spa/precompressed-assets.js';
import { keptListLane } from './videos/kept-list-lane.js';
import { ListingCache } from './videos/listing-cache.js';

// A function, not top-level await: the build bundles each app as CommonJS
// (infra/build/bundle-apps.mjs). A failed start still ends the process (an unhandled rejection).
async function startGateway(): Promise<void> {
  startMetrics('gateway');
  const logger = createLogger('gateway', config).captureProcessWarnings().captureConsole();
  // The gateway owns one table, `sessions`, in its own schema: migrated here, then served by the
  // session store's pool; no other database connection stays open.
  await migrateServiceSchema({
    url: config.DATABASE_URL,
    applicationName: 'gateway-migrate',
    database: GATEWAY_DATABASE,
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    logger,
    bodyParser: false,
  });
  app.disable('x-powered-by');
  // Who may set the client's address and scheme: the session cookie's Secure flag, HSTS and the
  // per-IP throttles all read req.ip / req.secure, so they follow this one setting.
  app.set('trust proxy', config.TRUST_PROXY);
  // First, so the latency covers everything below.
  app.use(httpMetricsMiddleware);
  app.use(app.get(HttpDrain).middleware);
  app.use(requestTraceMiddleware);
  app.use(...securityHeaders(QUEUE_BOARD_PATH));
  app.use(accessDeniedLog());
  app.use(jsonCompression);
  // Before any body is read or any session touched: another site's request changes nothing.
  app.use(crossSiteRequestGuard(config.PUBLIC_ORIGIN));
  // Kept signed-out lists, before the body, the session and the routes (see keptListLane).
  app.use('/api/videos', keptListLane(app.get(ListingCache)));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.use('/api', ...onlyWhenSessionNeeded(app.get(SessionSetup).handlers()));
  app.use(personalResponsesNotStored);
  app.use(QUEUE_BOARD_PATH, ...app.get(QueueBoard).handlers());
  app.use(reenterRequestTrace);
  app.useGlobalFilters(new HttpExceptionFilter());
  const staticDir = resolve(config.STATIC_DIR);
  app.use(app.get(PrecompressedAssets).middleware);
  const staticFiles = serveStatic(staticDir, {
    index: false,
    maxAge: '1y',
    immutable: true,
    setHeaders: staticCacheHeaders(staticDir),
  });
  // The API has no files: an API request must not cost a look at the disk (profiled: a failed
  // stat per request, ~8% of the gateway's CPU under list traffic).
  app.use((req: Request, res: Response, next: NextFunction): void => {
    if (req.path === '/api' || req.path.startsWith('/api/')) next();
    else void staticFiles(req, res, next);
  });
  app.enableShutdownHooks();
  await app.listen(config.PORT, '0.0.0.0');
  keepConnectionsAlive(app.getHttpServer());
  const metrics = await serveMetrics(config.METRICS_PORT);
  app.getHttpServer().once('close', () => void metrics.close());
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  logger.log({ msg: 'listening', url: `http://localhost:${port}`, metricsPort: metrics.port });
}

void startGateway();
