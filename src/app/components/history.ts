import { useCallback, useEffect, useRef, useState } from 'react';
import { AllHostsFailedError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';

type Page = Record<string, unknown> & { nextCursor: string | null };

export interface HistoryOptions {
  /** Extra query parameters (a filter); a change starts the list over. */
  query?: Record<string, string | undefined>;
  /** The page's list field: `items` for the studios, `entries` for the ledger. */
  listKey?: string;
}

/**
 * A newest-first history from a paged endpoint (`?cursor=&limit=`): first page on mount, "load more" appends,
 * `reload` starts over (after a new generation), `replace`/`remove` keep the list in step with edits.
 */
export function useHistory<T extends { id: string }>(
  path: string,
  limit = 12,
  { query = {}, listKey = 'items' }: HistoryOptions = {},
) {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);
  const filter = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  const base = `${path}?limit=${limit}${filter ? `&${filter}` : ''}`;

  const reload = useCallback(async () => {
    const run = ++generation.current;
    setState((s) => (s === 'ready' ? s : 'loading'));
    try {
      const page = await api.get<Page>(base);
      if (run !== generation.current) return;
      setItems((page[listKey] as T[] | undefined) ?? []);
      setCursor(page.nextCursor);
      setState('ready');
    } catch (error) {
      if (run !== generation.current) return;
      setState('error');
      if (error instanceof AllHostsFailedError) notifyApiError(error);
    }
  }, [base, listKey]);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await api.get<Page>(`${base}&cursor=${encodeURIComponent(cursor)}`);
      const more = (page[listKey] as T[] | undefined) ?? [];
      setItems((current) => [...current, ...more.filter((item) => !current.some((c) => c.id === item.id))]);
      setCursor(page.nextCursor);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, base, listKey]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = useCallback((updated: T[]) => {
    setItems((current) => current.map((item) => updated.find((u) => u.id === item.id) ?? item));
  }, []);
  const prepend = useCallback((added: T[]) => {
    setItems((current) => [...added, ...current.filter((item) => !added.some((a) => a.id === item.id))]);
  }, []);
  const remove = useCallback((id: string) => setItems((current) => current.filter((item) => item.id !== id)), []);

  return { items, state, hasMore: cursor !== null, loadingMore, loadMore, reload, replace, prepend, remove };
}

/** What `useHistory` gives, for the parts of a screen that show or edit a history the screen holds. */
export type History<T extends { id: string }> = ReturnType<typeof useHistory<T>>;
