import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CATALOG_PATTERNS,
  createCategoryMessageSchema,
  deleteCategoryMessageSchema,
  type CategoryDto,
} from '@app/contracts';
import { parsePayload } from '@app/common';
import { CategoriesService } from './categories.service.js';

@Controller()
export class CategoriesHandler {
  constructor(private readonly categories: CategoriesService) {}

  @MessagePattern(CATALOG_PATTERNS.listCategories)
  list(): Promise<CategoryDto[]> {
    return this.categories.list();
  }

  @MessagePattern(CATALOG_PATTERNS.createCategory)
  create(@Payload() payload: unknown): Promise<CategoryDto> {
    const { actor, category } = parsePayload(createCategoryMessageSchema, payload);
    return this.categories.create(actor, category);
  }

  @MessagePattern(CATALOG_PATTERNS.deleteCategory)
  delete(@Payload() payload: unknown): Promise<CategoryDto> {
    const { actor, categoryId } = parsePayload(deleteCategoryMessageSchema, payload);
    return this.categories.delete(actor, categoryId);
  }
}
