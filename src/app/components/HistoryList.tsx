/** The states every studio history shows the same way: loading, failed with "Try again", empty, then the list. */
import type { ReactNode } from 'react';
import type { History } from './history';
import { Spinner } from './Spinner';

export function HistoryList<T extends { id: string }>({
  history,
  loading,
  failed,
  empty,
  className = '',
  emptyClassName = '',
  children,
}: {
  history: History<T>;
  loading: string;
  failed: string;
  empty: string;
  /** Extra classes on each state line (e.g. spacing under the heading). */
  className?: string;
  emptyClassName?: string;
  children: (items: T[]) => ReactNode;
}) {
  const line = `${className} text-sm text-fg-muted`.trim();
  return (
    <>
      {history.state === 'loading' ? (
        <p className={line} role="status">
          {loading}
        </p>
      ) : history.state === 'error' ? (
        <p className={line}>
          {failed}{' '}
          <button type="button" className="underline" onClick={() => void history.reload()}>
            Try again
          </button>
        </p>
      ) : history.items.length === 0 ? (
        <p className={`${emptyClassName} ${line}`.trim()}>{empty}</p>
      ) : (
        children(history.items)
      )}
      <LoadMore hasMore={history.hasMore} loading={history.loadingMore} onClick={() => void history.loadMore()} />
    </>
  );
}

export function LoadMore({ hasMore, loading, onClick }: { hasMore: boolean; loading: boolean; onClick: () => void }) {
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn-secondary btn-sm mx-auto mt-4" onClick={onClick} disabled={loading}>
      {loading ? <Spinner /> : null}
      Load more
    </button>
  );
}
