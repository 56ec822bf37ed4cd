/** NATS patterns answered by the catalog service. */
export const CATALOG_PATTERNS = {
  /** {} → CategoryDto[], by name */
  listCategories: 'catalog.categories.list.v1',
  /**
   * CreateCategoryMessage → CategoryDto. FORBIDDEN "Admin access required" unless the actor is an
   * admin; CONFLICT when the name is taken, ignoring case.
   */
  createCategory: 'catalog.categories.create.v1',
  /**
   * DeleteCategoryMessage → the deleted CategoryDto; its videos become uncategorised. FORBIDDEN
   * unless the actor is an admin; NOT_FOUND "Category not found".
   */
  deleteCategory: 'catalog.categories.delete.v1',
  /** ListVideosRequest → VideoDto[] */
  listVideos: 'catalog.videos.list.v1',
  /** GetVideoRequest → VideoDto, with its thumbnailData; NOT_FOUND "Video not found". */
  getVideo: 'catalog.videos.get.v1',
} as const;
