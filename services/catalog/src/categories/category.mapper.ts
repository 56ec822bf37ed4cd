import type { CategoryDto, CategoryState } from '@app/contracts';
import type { CategoryEntity } from '../db/entities/category.entity.js';

export const toCategoryDto = (entity: CategoryEntity): CategoryDto => ({
  id: entity.id,
  name: entity.name,
  icon: entity.icon,
});

/**
 * A category never changes between its creation and its deletion (it is never renamed), so its
 * revision follows from which of the two it is: 1 as created (as the backfill published the ones
 * that existed), 2 as deleted.
 */
export const CATEGORY_REVISIONS = { created: 1, deleted: 2 } as const;

export const toCategoryState = (entity: CategoryEntity, { removed }: { removed: boolean }): CategoryState => ({
  id: entity.id,
  name: entity.name,
  icon: entity.icon,
  removed,
  revision: removed ? CATEGORY_REVISIONS.deleted : CATEGORY_REVISIONS.created,
});
