import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { resolve } from 'node:path';
import { JsonLogger, startMetrics } from '@app/common';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { HttpExceptionFilter } from './http/http-exception.filter.js';
import { SessionSetup } from './auth/session.setup.js';
import { httpMetricsMiddleware, metricsHandler } from './metrics/http-metrics.js';
import { reenterRequestTrace, requestTraceMiddleware } from './http/request-trace.js';
import { HttpDrain } from './http/http-drain.js';
import { QUEUE_BOARD_PATH, QueueBoard } from './queues/queue-board.js';

startMetrics('gateway');
const logger = new JsonLogger('gateway', config.LOG_LEVEL).captureProcessWarnings();
const app = await NestFactory.create<NestExpressApplication>(AppModule, {
  logger,
  bodyParser: false,
});
// First, so the latency covers everything below; /metrics before Nest's routes (and the SPA catch-all).
app.use(httpMetricsMiddleware);
app.use(app.get(HttpDrain).middleware);
app.getHttpAdapter().getInstance().get('/metrics', metricsHandler);
app.use(requestTraceMiddleware);
app.useBodyParser('json', { limit: '1mb' });
app.use('/api', ...app.get(SessionSetup).handlers());
app.use(QUEUE_BOARD_PATH, ...app.get(QueueBoard).handlers());
app.use(reenterRequestTrace);
app.useGlobalFilters(new HttpExceptionFilter());
app.disable('x-powered-by');
app.set('trust proxy', 'loopback, linklocal, uniquelocal');
// Hashed build assets can be cached for good; index.html is served by SpaController with no-cache.
app.useStaticAssets(resolve(config.STATIC_DIR), { index: false, maxAge: '1y', immutable: true });
app.enableShutdownHooks();
await app.listen(config.PORT, '0.0.0.0');
const address = app.getHttpServer().address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
logger.log({ msg: 'listening', url: `http://localhost:${port}` });
