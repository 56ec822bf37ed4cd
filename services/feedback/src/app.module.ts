import { Module } from '@nestjs/common';
import { HealthModule } from '@app/common';
import { config } from './config.js';
import { DatabaseModule } from '@app/database';

/** The feedback service: its handlers arrive with the issues that give it work; today it answers health. */
@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'feedback' }),
    HealthModule.forApp('feedback'),
  ],
})
export class AppModule {}
