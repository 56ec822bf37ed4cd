import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { CATALOG_PATTERNS, type CategoryDto } from '@app/contracts';
import { CategoriesService } from './categories.service.js';

@Controller()
export class CategoriesHandler {
  constructor(private readonly categories: CategoriesService) {}

  @MessagePattern(CATALOG_PATTERNS.listCategories)
  list(): Promise<CategoryDto[]> {
    return this.categories.list();
  }
}
