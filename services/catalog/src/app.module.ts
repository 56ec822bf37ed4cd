import { Module } from '@nestjs/common';
import { HealthModule } from '@app/common';
import { config } from './config.js';
import { DatabaseModule } from '@app/database';
import { CategoriesHandler } from './categories/categories.handler.js';
import { CategoriesService } from './categories/categories.service.js';
import { CategoriesRepository } from './categories/categories.repository.js';

@Module({
  imports: [
    DatabaseModule.forRoot({ url: config.DATABASE_URL, applicationName: 'catalog' }),
    HealthModule.forApp('catalog'),
  ],
  controllers: [CategoriesHandler],
  providers: [CategoriesService, CategoriesRepository],
})
export class AppModule {}
