import { Injectable } from '@nestjs/common';
import { CATEGORY_MESSAGES, type Actor, type CategoryDto, type CreateCategoryRequest } from '@app/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '@app/common';
import { CategoriesRepository } from './categories.repository.js';
import { toCategoryDto } from './category.mapper.js';

@Injectable()
export class CategoriesService {
  constructor(private readonly categories: CategoriesRepository) {}

  /** Public, by name. */
  async list(): Promise<CategoryDto[]> {
    const rows = await this.categories.findAllByName();
    return rows.map(toCategoryDto);
  }

  /** Admins only. Names are unique ignoring case ("golf" clashes with "Golf"). */
  async create(actor: Actor, category: CreateCategoryRequest): Promise<CategoryDto> {
    requireAdmin(actor);
    const row = await this.categories.insert({ name: category.name, icon: category.icon });
    if (!row) throw new ConflictError(CATEGORY_MESSAGES.nameTaken);
    return toCategoryDto(row);
  }

  /** Admins only. The category's videos stay, uncategorised. */
  async delete(actor: Actor, categoryId: number): Promise<CategoryDto> {
    requireAdmin(actor);
    const row = await this.categories.deleteById(categoryId);
    if (!row) throw new NotFoundError('category');
    return toCategoryDto(row);
  }
}

// The actor is the fresh user the gateway read for this request, so a demoted admin has already lost the right.
function requireAdmin(actor: Actor): void {
  if (!actor.isAdmin) throw new ForbiddenError(CATEGORY_MESSAGES.adminRequired);
}
