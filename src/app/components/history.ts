import { useCallback, useEffect, useRef, useState } from 'react';
import { AllHostsFailedError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * A newest-first history from a paged endpoint (`?cursor=&limit=`): first page on mount, "load more" appends,
 * `reload` starts over (after a new generation), `replace`/`remove` keep the list in step with edits.
 */
export function useHistory<T extends { id: string }>(path: string, limit = 12) {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const reload = useCallback(async () => {
    const run = ++generation.current;
    setState((s) => (s === 'ready' ? s : 'loading'));
    try {
      const page = await api.get<Page<T>>(`${path}?limit=${limit}`);
      if (run !== generation.current) return;
      setItems(page.items);
      setCursor(page.nextCursor);
      setState('ready');
    } catch (error) {
      if (run !== generation.current) return;
      setState('error');
      if (error instanceof AllHostsFailedError) notifyApiError(error);
    }
  }, [path, limit]);

  const loadMore = useCallback(async () => {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await api.get<Page<T>>(`${path}?limit=${limit}&cursor=${encodeURIComponent(cursor)}`);
      setItems((current) => [...current, ...page.items.filter((item) => !current.some((c) => c.id === item.id))]);
      setCursor(page.nextCursor);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setLoadingMore(false);
    }
  }, [cursor, path, limit]);

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
