import { Injectable, Logger } from '@nestjs/common';
import { CATEGORY_MESSAGES, type Actor, type CategoryDto, type CreateCategoryRequest } from '@app/contracts';
import { AdminOfRecord, ConflictError, NotFoundError, securityEvent } from '@app/common';
import { CategoriesRepository } from './categories.repository.js';
import { toCategoryDto } from './category.mapper.js';

@Injectable()
export class CategoriesService {
  private readonly logger = new Logger(CategoriesService.name);

  constructor(
    private readonly categories: CategoriesRepository,
    private readonly admins: AdminOfRecord,
  ) {}

  /** Public, by name. */
  async list(): Promise<CategoryDto[]> {
    const rows = await this.categories.findAllByName();
    return rows.map(toCategoryDto);
  }

  /** Admins only. Names are unique ignoring case ("golf" clashes with "Golf"). */
  exists(id: number): Promise<boolean> {
    return this.categories.existsById(id);
  }

  async create(actor: Actor, category: CreateCategoryRequest): Promise<CategoryDto> {
    await this.admins.require(actor, CATEGORY_MESSAGES.adminRequired, 'create-category');
    const row = await this.categories.insert({ name: category.name, icon: category.icon });
    if (!row) throw new ConflictError(CATEGORY_MESSAGES.nameTaken);
    securityEvent(this.logger, {
      event: 'admin.category.created',
      outcome: 'success',
      actorId: actor.id,
      target: { categoryId: row.id, name: row.name },
    });
    return toCategoryDto(row);
  }

  /** Admins only. The category's videos stay, uncategorised. */
  async delete(actor: Actor, categoryId: number): Promise<CategoryDto> {
    await this.admins.require(actor, CATEGORY_MESSAGES.adminRequired, 'delete-category');
    const row = await this.categories.deleteById(categoryId);
    if (!row) throw new NotFoundError('category');
    securityEvent(this.logger, {
      event: 'admin.category.deleted',
      outcome: 'success',
      actorId: actor.id,
      target: { categoryId: row.id, name: row.name },
    });
    return toCategoryDto(row);
  }
}
