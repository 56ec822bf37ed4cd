import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import { DOMAIN_EVENTS } from '@app/contracts';
import { recordDomainEvent } from '@app/database';
import { CategoryEntity } from '../db/entities/category.entity.js';
import { toCategoryState } from './category.mapper.js';

export interface NewCategory {
  name: string;
  icon: string;
}

const UNIQUE_VIOLATION = '23505';
const RETURNED: Array<keyof CategoryEntity> = ['id', 'name', 'icon', 'createdAt'];

/**
 * The only place the catalog service writes SQL for `categories`, which it owns. Each change is
 * published (category.changed / category.deleted) in its own transaction, for the read models
 * that name categories.
 */
@Injectable()
export class CategoriesRepository {
  private readonly categories: Repository<CategoryEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.categories = dataSource.getRepository(CategoryEntity);
  }

  existsById(id: number): Promise<boolean> {
    return this.categories.existsBy({ id });
  }

  findAllByName(): Promise<CategoryEntity[]> {
    return this.categories.find({ order: { name: 'ASC' } });
  }

  /**
   * The new row, or null when the name is taken ignoring case. One INSERT: the unique indexes
   * (UQ_categories_name, UQ_categories_name_lower) decide, so two concurrent creates of the
   * same name cannot both succeed.
   */
  async insert(category: NewCategory): Promise<CategoryEntity | null> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const result = await manager
          .createQueryBuilder()
          .insert()
          .into(CategoryEntity)
          .values(category)
          .returning(RETURNED)
          .execute();
        const row = (result.raw as CategoryEntity[])[0];
        await recordDomainEvent(manager, {
          type: DOMAIN_EVENTS.categoryChanged,
          userIds: [],
          category: toCategoryState(row, { removed: false }),
        });
        return row;
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION)
        return null;
      throw error;
    }
  }

  /**
   * The deleted row, or null when there was none. The videos filed under it keep its id; lists
   * name only categories that exist, so they show them uncategorised at once.
   */
  deleteById(id: number): Promise<CategoryEntity | null> {
    return this.dataSource.transaction(async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .delete()
        .from(CategoryEntity)
        .where('id = :id', { id })
        .returning(RETURNED)
        .execute();
      const row = (result.raw as CategoryEntity[])[0];
      if (!row) return null;
      await recordDomainEvent(manager, {
        type: DOMAIN_EVENTS.categoryDeleted,
        userIds: [],
        category: toCategoryState(row, { removed: true }),
      });
      return row;
    });
  }
}
