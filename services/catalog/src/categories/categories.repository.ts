import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type Repository } from 'typeorm';
import { CategoryEntity } from '../db/entities/category.entity.js';

export interface NewCategory {
  name: string;
  icon: string;
}

const UNIQUE_VIOLATION = '23505';

/** The only place the catalog service writes SQL for `categories`, which it owns. */
@Injectable()
export class CategoriesRepository {
  private readonly categories: Repository<CategoryEntity>;

  constructor(dataSource: DataSource) {
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
      const result = await this.categories
        .createQueryBuilder()
        .insert()
        .into(CategoryEntity)
        .values(category)
        .returning(['id', 'name', 'icon', 'createdAt'])
        .execute();
      return (result.raw as CategoryEntity[])[0] ?? null;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === UNIQUE_VIOLATION)
        return null;
      throw error;
    }
  }

  /**
   * The deleted row, or null when there was none. Videos of the category are left in place with
   * no category (the foreign key is ON DELETE SET NULL).
   */
  async deleteById(id: number): Promise<CategoryEntity | null> {
    const result = await this.categories
      .createQueryBuilder()
      .delete()
      .from(CategoryEntity)
      .where('id = :id', { id })
      .returning(['id', 'name', 'icon', 'createdAt'])
      .execute();
    return (result.raw as CategoryEntity[])[0] ?? null;
  }
}
