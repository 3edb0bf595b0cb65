import { MISSING_SOURCE_REASONS } from '~/contract/picture-choices';
import type { StockSearchResults } from '~/contract/storyboard';
import { STOCK_PROVIDER_NAMES } from '~/contract/video';
import { Notice } from './choice';

export type Search =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; results: StockSearchResults }
  | { kind: 'failed'; message: string };

/** What the search says besides its results: how to start, why it failed, or why there is nothing. */
export function StockSearchNotices({ search, query }: { search: Search; query: string }) {
  return (
    <>
      {search.kind === 'idle' ? (
        <p className="text-sm text-fg-subtle">Search with the scene’s words or your own, then pick a result.</p>
      ) : null}
      {search.kind === 'failed' ? <Notice tone="warning">{search.message}</Notice> : null}
      {search.kind === 'done' && !search.results.available ? (
        <Notice>
          {MISSING_SOURCE_REASONS.stock} An illustration, a designed background or your own upload works here.
        </Notice>
      ) : null}
      {search.kind === 'done'
        ? search.results.problems.map((problem) => (
            <Notice key={problem.provider} tone="warning">
              {STOCK_PROVIDER_NAMES[problem.provider]}: {problem.message}
            </Notice>
          ))
        : null}
      {search.kind === 'done' &&
      search.results.available &&
      search.results.items.length === 0 &&
      search.results.problems.length === 0 ? (
        <Notice>Nothing found for “{query.trim()}”. Try other words, or the other kind.</Notice>
      ) : null}
    </>
  );
}
