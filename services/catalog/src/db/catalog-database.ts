import { OutboxEventEntity, type ServiceDatabase } from '@app/database';
import { BookmarkEntity } from './entities/bookmark.entity.js';
import { CategoryEntity } from './entities/category.entity.js';
import { ForeignUserEntity, ForeignVideoEntity } from './foreign-reads.js';
import { CatalogSchema1764000000000 } from './migrations/1764000000000-catalog-schema.js';

/** catalog's schema: categories, bookmarks and its outbox. */
export const CATALOG_DATABASE: ServiceDatabase = {
  schema: 'catalog',
  entities: [CategoryEntity, BookmarkEntity, OutboxEventEntity, ForeignVideoEntity, ForeignUserEntity],
  migrations: [CatalogSchema1764000000000],
};
