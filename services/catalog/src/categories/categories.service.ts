import { Injectable } from '@nestjs/common';
import type { CategoryDto } from '@app/contracts';
import { CategoriesRepository } from './categories.repository.js';
import { toCategoryDto } from './category.mapper.js';

@Injectable()
export class CategoriesService {
  constructor(private readonly categories: CategoriesRepository) {}

  async list(): Promise<CategoryDto[]> {
    const rows = await this.categories.findAllByName();
    return rows.map(toCategoryDto);
  }
}
