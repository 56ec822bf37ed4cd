import type { ReactNode } from 'react';
import { ListSkeleton } from '@/components/ui/list-skeleton';

type ListQuery<T> = { isPending: boolean; isError: boolean; error: Error | null; data: T[] | undefined };

type ListStateProps<T> = {
  query: ListQuery<T>;
  loadingLabel: string;
  skeletonRows?: number;
  emptyIcon?: ReactNode;
  emptyTitle: string;
  /** The list itself, once there is something to show. */
  children: (items: T[]) => ReactNode;
};

/** Loading rows, the error, an empty state or the list: what every admin list shows, in one place. */
export function ListState<T>({
  query,
  loadingLabel,
  skeletonRows,
  emptyIcon,
  emptyTitle,
  children,
}: ListStateProps<T>) {
  if (query.isPending) return <ListSkeleton label={loadingLabel} rows={skeletonRows} />;
  if (query.isError)
    return (
      <p className="inline-error" role="alert">
        {query.error?.message}
      </p>
    );
  const items = query.data ?? [];
  if (items.length === 0)
    return (
      <div className="empty-state">
        {emptyIcon}
        <p className="empty-state__title">{emptyTitle}</p>
      </div>
    );
  return <>{children(items)}</>;
}
