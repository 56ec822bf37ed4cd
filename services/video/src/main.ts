import { bootstrapService, JobQueues } from '@app/common';
import { postgresIndicator } from '@app/database';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { config } from './config.js';

void bootstrapService({
  app: 'video',
  module: AppModule,
  healthPort: config.HEALTH_PORT,
  logging: config,
  nats: config,
  indicators: (app) => [
    postgresIndicator(app.get(DataSource)),
    { name: 'redis', check: () => app.get(JobQueues).ping() },
  ],
});
