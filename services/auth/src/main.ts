import { bootstrapService } from '@app/common';
import { postgresIndicator } from '@app/database';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module.js';
import { config } from './config.js';
import { configurePasswordHashing } from './passwords/password-hasher.js';

configurePasswordHashing({ costLog2: config.PASSWORD_HASH_COST_LOG2 });

void bootstrapService({
  app: 'auth',
  module: AppModule,
  healthPort: config.HEALTH_PORT,
  logging: config,
  nats: config,
  indicators: (app) => [postgresIndicator(app.get(DataSource))],
});
