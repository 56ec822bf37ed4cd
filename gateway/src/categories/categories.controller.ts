import { Controller, Get } from '@nestjs/common';
import type { CategoryDto } from '@app/contracts';
import { CatalogClient } from '../clients/catalog.client.js';

@Controller('api/categories')
export class CategoriesController {
  constructor(private readonly catalog: CatalogClient) {}

  @Get()
  list(): Promise<CategoryDto[]> {
    return this.catalog.listCategories();
  }
}
