import type { CategoryDto } from '@app/contracts';
import type { CategoryEntity } from '@app/database';

export const toCategoryDto = (entity: CategoryEntity): CategoryDto => ({
  id: entity.id,
  name: entity.name,
  icon: entity.icon,
});
