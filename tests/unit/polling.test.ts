// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BACKOFF_MS, nextDelay, startPolling, usePolling, type Visibility } from '~/lib/polling';

/** A page whose visibility the test sets, firing `visibilitychange` like a browser. */
function fakePage() {
  const target = new EventTarget();
  const page = Object.assign(target, { hidden: false }) as EventTarget & { hidden: boolean };
  const setHidden = (hidden: boolean) => {
    page.hidden = hidden;
    target.dispatchEvent(new Event('visibilitychange'));
  };
  return { page: page as unknown as Visibility, setHidden };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('nextDelay', () => {
  it('waits the interval, then twice as long per failure in a row, up to the cap (never below the interval)', () => {
    expect([0, 1, 2, 3, 10].map((failures) => nextDelay(1000, failures))).toEqual([
      1000,
      2000,
      4000,
      8000,
      MAX_BACKOFF_MS,
    ]);
    expect(nextDelay(60_000, 1)).toBe(60_000);
    expect(nextDelay(60_000, 0)).toBe(60_000);
  });
});

describe('startPolling', () => {
  it('runs a round at once, then one per interval until a round says it is done', async () => {
    const { page } = fakePage();
    let left = 3;
    const round = vi.fn(() => --left > 0);
    startPolling(round, { intervalMs: 1000 }, page);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(round).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(round).toHaveBeenCalledTimes(3);
  });

  it('waits one interval first when not immediate, and stops (aborting the round) when told', async () => {
    const { page } = fakePage();
    const signals: AbortSignal[] = [];
    const stop = startPolling((signal) => void signals.push(signal), { intervalMs: 500, immediate: false }, page);
    expect(signals).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(signals).toHaveLength(1);
    stop();
    expect(signals[0]!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(signals).toHaveLength(1);
  });

  it('backs off after failures, says how many in a row, and starts over after a success', async () => {
    const { page } = fakePage();
    const outcomes = [false, false, true, false];
    const times: number[] = [];
    const onError = vi.fn();
    startPolling(
      () => {
        times.push(Date.now());
        if (!(outcomes.shift() ?? true)) throw new Error('blip');
      },
      { intervalMs: 1000, onError },
      page,
    );
    await vi.advanceTimersByTimeAsync(20_000);
    const gaps = times.slice(1, 5).map((time, i) => time - times[i]!);
    expect(gaps).toEqual([2000, 4000, 1000, 2000]);
    expect(onError.mock.calls.map(([, failures]) => failures)).toEqual([1, 2, 1]);
  });

  it('stops when onError says so', async () => {
    const { page } = fakePage();
    const round = vi.fn(() => Promise.reject(new Error('gone')));
    startPolling(round, { intervalMs: 1000, onError: () => false }, page);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(round).toHaveBeenCalledTimes(1);
  });

  it('runs no round while the tab is hidden and the one that was due as soon as it is back', async () => {
    const { page, setHidden } = fakePage();
    const round = vi.fn();
    startPolling(round, { intervalMs: 1000 }, page);
    setHidden(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(round).toHaveBeenCalledTimes(1);
    setHidden(false);
    expect(round).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(3);
  });

  it('hiding and showing the tab before a round is due changes nothing', async () => {
    const { page, setHidden } = fakePage();
    const round = vi.fn();
    startPolling(round, { intervalMs: 1000 }, page);
    setHidden(true);
    setHidden(false);
    expect(round).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(round).toHaveBeenCalledTimes(2);
  });
});

describe('usePolling', () => {
  it('polls while the key is set, starts over when it changes, and uses the latest round', async () => {
    const calls: string[] = [];
    const { rerender, unmount } = renderHook(
      ({ key, label }: { key: string | null; label: string }) =>
        usePolling(key, () => void calls.push(label), { intervalMs: 1000 }),
      {
        initialProps: { key: null as string | null, label: 'a' },
      },
    );
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual([]);
    rerender({ key: 'x', label: 'b' });
    expect(calls).toEqual(['b']);
    rerender({ key: 'x', label: 'c' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toEqual(['b', 'c']);
    rerender({ key: 'y', label: 'd' });
    expect(calls).toEqual(['b', 'c', 'd']);
    unmount();
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toEqual(['b', 'c', 'd']);
  });
});
