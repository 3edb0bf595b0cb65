/**
 * When a delivery is tried, and when an endpoint has failed long enough to be turned off. Pure, so the worker and
 * the tests share one rule.
 */

/**
 * Delay of each attempt after the previous one (the first is immediate): exponential at first, then spread out so
 * the last attempt lands about 28 hours after the event, past a day of receiver downtime.
 */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** How long the schedule lasts from the first attempt to the last. */
export const scheduleSpanMs = (schedule: readonly number[]): number => schedule.reduce((sum, ms) => sum + ms, 0);

/** The delay before attempt number `attemptsMade + 1`, or undefined when the schedule is used up. */
export function nextDelay(attemptsMade: number, schedule: readonly number[] = RETRY_SCHEDULE_MS): number | undefined {
  return attemptsMade < schedule.length ? schedule[attemptsMade] : undefined;
}

/** 2xx is delivered; anything else (3xx left over, 4xx, 5xx, no answer) is a failed attempt. */
export const delivered = (status: number | null): boolean => status !== null && status >= 200 && status < 300;

/**
 * An endpoint is turned off when one of its deliveries used up every attempt and the endpoint has not answered any
 * delivery with success since that delivery's first attempt: every attempt to it failed for the schedule's whole
 * span (about 28 hours). A receiver that is down for an afternoon only delays its deliveries.
 */
export function shouldDisable(input: { exhausted: boolean; failingSince: Date | null; firstAttemptAt: Date }) {
  return input.exhausted && input.failingSince !== null && input.failingSince <= input.firstAttemptAt;
}
