/** The "Load more" under a paged list: shown while the server names a next page. */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  label = 'Load more',
}: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  label?: string;
}) {
  if (!hasNextPage) return null;
  return (
    <div className="load-more">
      <button
        type="button"
        className="btn btn--secondary"
        onClick={onLoadMore}
        disabled={isFetchingNextPage}
        aria-busy={isFetchingNextPage}
        data-testid="load-more"
      >
        {isFetchingNextPage ? 'Loading…' : label}
      </button>
    </div>
  );
}
