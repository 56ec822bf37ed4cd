import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { CategoryEntity } from '@app/database';

@Injectable()
export class CategoriesRepository {
  private readonly categories: Repository<CategoryEntity>;

  constructor(dataSource: DataSource) {
    this.categories = dataSource.getRepository(CategoryEntity);
  }

  findAllByName(): Promise<CategoryEntity[]> {
    return this.categories.find({ order: { name: 'ASC' } });
  }
}
