/**
 * Work in progress on the dashboard: `GET /analytics/activity` lists the user's queued and running jobs (and what
 * other features contribute, such as running GPU rentals), polled like the agent's live.ts while anything runs.
 */
import { useEffect, useRef, useState } from 'react';
import { Activity, type ActivityItem } from '~/contract/analytics';
import { api } from '~/lib/api/client';

const POLL_MS = 2000;
const HIDDEN_POLL_MS = 10_000;
const pollDelay = () => (typeof document !== 'undefined' && document.hidden ? HIDDEN_POLL_MS : POLL_MS);

/** The running items (null until the first answer); `onFinished` runs when something that was running is gone. */
export function useActivity(onFinished: () => void): ActivityItem[] | null {
  const [items, setItems] = useState<ActivityItem[] | null>(null);
  const finished = useRef(onFinished);
  finished.current = onFinished;

  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = new Set<string>();
    let failures = 0;
    const load = async () => {
      try {
        const { items: fresh } = await api.get<Activity>('/analytics/activity', { parse: (data) => Activity.parse(data), signal: abort.signal });
        failures = 0;
        const ids = new Set(fresh.map((item) => item.id));
        if ([...running].some((id) => !ids.has(id))) finished.current();
        running = ids;
        setItems(fresh);
        if (fresh.length > 0) timer = setTimeout(() => void load(), pollDelay());
      } catch {
        if (abort.signal.aborted) return;
        // A blip keeps what is on screen and tries again, more slowly each time.
        failures += 1;
        setItems((current) => current ?? []);
        timer = setTimeout(() => void load(), Math.min(30_000, POLL_MS * 2 ** failures));
      }
    };
    void load();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, []);
  return items;
}
