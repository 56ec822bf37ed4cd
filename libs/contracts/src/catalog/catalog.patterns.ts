/** NATS patterns answered by the catalog service. */
export const CATALOG_PATTERNS = {
  listCategories: 'catalog.categories.list.v1',
  /** ListVideosRequest → VideoDto[] */
  listVideos: 'catalog.videos.list.v1',
} as const;
