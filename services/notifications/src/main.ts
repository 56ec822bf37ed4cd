import { bootstrapService } from '@app/common';
import { postgresIndicator } from '@app/database';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { config } from './config.js';

void bootstrapService({
  app: 'notifications',
  module: AppModule,
  healthPort: config.HEALTH_PORT,
  logging: config,
  nats: config,
  indicators: (app) => [postgresIndicator(app.get(DataSource))],
});
