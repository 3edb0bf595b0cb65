import { useCallback, useEffect, useState } from 'react';

/** Keeps one object URL at a time and frees the one it replaces (and the last one when the component goes). */
export function useObjectUrl(): [string | null, (url: string | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const replace = useCallback((next: string | null) => {
    setUrl((old) => {
      if (old) URL.revokeObjectURL(old);
      return next;
    });
  }, []);
  useEffect(() => () => replace(null), [replace]);
  return [url, replace];
}
