export const CATALOG_PATTERNS = {
  listCategories: 'catalog.categories.list.v1',
} as const;
