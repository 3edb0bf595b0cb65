/**
 * The one way the app follows work the server is doing (a video being made, a voice-over, a payment, a rental):
 * a round every `intervalMs`, slower after failures, and none while the tab is hidden, since nobody sees it; the tab
 * coming back runs the round that was due at once.
 */
import { useEffect, useRef } from 'react';

export interface PollingOptions {
  /** Between two rounds, from the end of one to the start of the next. */
  intervalMs: number;
  /** The first round at once (the default), or after one interval. A first round runs even in a hidden tab. */
  immediate?: boolean;
  /**
   * A round that threw, told how many rounds in a row have failed; false stops polling. Without it polling goes on.
   * Either way the next round waits twice as long per failure, up to `MAX_BACKOFF_MS` (never less than the interval).
   */
  onError?: (error: unknown, failures: number) => unknown;
}

/** One round: false (or a promise of it) when there is nothing left to follow. `signal` aborts when polling stops. */
export type PollRound = (signal: AbortSignal) => unknown;

/** What the poller needs of the page: whether it is hidden and the event that says it changed. */
export type Visibility = Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;

export const MAX_BACKOFF_MS = 30_000;

/** The wait before the next round, after `failures` failed rounds in a row. */
export const nextDelay = (intervalMs: number, failures: number): number =>
  failures === 0 ? intervalMs : Math.min(Math.max(MAX_BACKOFF_MS, intervalMs), intervalMs * 2 ** failures);

/** Starts polling; the returned function stops it (aborting a round under way). */
export function startPolling(
  round: PollRound,
  options: PollingOptions,
  page: Visibility | undefined = globalThis.document,
): () => void {
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let due = false;

  const schedule = () => {
    timer = setTimeout(() => void tick(), nextDelay(options.intervalMs, failures));
  };
  const tick = () => {
    if (page?.hidden) due = true;
    else void run();
  };
  const run = async () => {
    let more: boolean;
    try {
      more = (await round(abort.signal)) !== false;
      failures = 0;
    } catch (error) {
      if (abort.signal.aborted) return;
      failures += 1;
      more = options.onError?.(error, failures) !== false;
    }
    if (more && !abort.signal.aborted) schedule();
  };
  const onVisibility = () => {
    if (!due || page?.hidden) return;
    due = false;
    void run();
  };

  page?.addEventListener('visibilitychange', onVisibility);
  if (options.immediate === false) schedule();
  else void run();
  return () => {
    abort.abort();
    clearTimeout(timer);
    page?.removeEventListener('visibilitychange', onVisibility);
  };
}

/**
 * Polls while `key` is not null, from scratch whenever it changes (the id followed, or the ids still running). The
 * latest `round` and `onError` are used, so they may close over the render's state.
 */
export function usePolling(key: string | null, round: PollRound, options: PollingOptions): void {
  const latest = useRef({ round, onError: options.onError });
  latest.current = { round, onError: options.onError };
  const { intervalMs, immediate } = options;

  useEffect(() => {
    if (key === null) return;
    return startPolling((signal) => latest.current.round(signal), {
      intervalMs,
      ...(immediate === undefined ? {} : { immediate }),
      onError: (error, failures) => latest.current.onError?.(error, failures),
    });
  }, [key, intervalMs, immediate]);
}
