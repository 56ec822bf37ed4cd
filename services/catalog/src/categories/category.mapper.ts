import type { CategoryDto } from '@app/contracts';
import type { CategoryEntity } from '../db/entities/category.entity.js';

export const toCategoryDto = (entity: CategoryEntity): CategoryDto => ({
  id: entity.id,
  name: entity.name,
  icon: entity.icon,
});
