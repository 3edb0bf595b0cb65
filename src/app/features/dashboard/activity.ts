/**
 * Work in progress on the dashboard: `GET /analytics/activity` lists the user's queued and running jobs (and what
 * other features contribute, such as running GPU rentals), polled while anything runs.
 */
import { useRef, useState } from 'react';
import { Activity, type ActivityItem } from '~/contract/analytics';
import { api } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';

const POLL_MS = 2000;

/** The running items (null until the first answer); `onFinished` runs when something that was running is gone. */
export function useActivity(onFinished: () => void): ActivityItem[] | null {
  const [items, setItems] = useState<ActivityItem[] | null>(null);
  const running = useRef(new Set<string>());

  usePolling(
    'activity',
    async (signal) => {
      const { items: fresh } = await api.get<Activity>('/analytics/activity', {
        parse: (data) => Activity.parse(data),
        signal,
      });
      const ids = new Set(fresh.map((item) => item.id));
      if ([...running.current].some((id) => !ids.has(id))) onFinished();
      running.current = ids;
      setItems(fresh);
      return fresh.length > 0;
    },
    {
      intervalMs: POLL_MS,
      // A blip keeps what is on screen and tries again, more slowly each time.
      onError: () => setItems((current) => current ?? []),
    },
  );
  return items;
}
