/** What the sandbox does after answering (webhook deliveries, payments that settle later): cut short and awaited on close. */
import { setTimeout as sleep } from 'node:timers/promises';

export function backgroundWork() {
  const pending = new Set<Promise<void>>();
  const stop = new AbortController();
  return {
    signal: stop.signal,
    /** Resolves false when the sandbox closes meanwhile. */
    wait: (ms: number): Promise<boolean> =>
      sleep(ms, undefined, { signal: stop.signal }).then(
        () => !stop.signal.aborted,
        () => false,
      ),
    run(work: Promise<void>): void {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    stop: () => stop.abort(),
    settled: () => Promise.allSettled([...pending]),
  };
}

export type BackgroundWork = ReturnType<typeof backgroundWork>;
