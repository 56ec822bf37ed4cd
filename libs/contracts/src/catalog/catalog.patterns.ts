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
  /** { userId } → VideoDto[] (isBookmarked: true), newest save first */
  listBookmarks: 'catalog.bookmarks.list.v1',
  /** { userId, videoId } → BookmarkCheckDto */
  checkBookmark: 'catalog.bookmarks.check.v1',
  /** { userId, videoId } → BookmarkCheckDto; idempotent; NOT_FOUND "Video not found" */
  addBookmark: 'catalog.bookmarks.add.v1',
  /** { userId, videoId } → BookmarkCheckDto; idempotent */
  removeBookmark: 'catalog.bookmarks.remove.v1',
} as const;
