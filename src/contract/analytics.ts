/**
 * Analytics: which feature a ledger row belongs to, the date ranges the screen offers (calendar days in the user's
 * own time zone), the report's shape, and the hooks through which a feature adds a figure or running work without
 * the analytics feature importing it. Pure and shared: the server aggregates with these rules, the screen labels and
 * exports with them.
 */
import { z } from 'zod';

/** Features that spend credits, in the order the stacked chart draws them. */
export const SPEND_FEATURES = ['videos', 'speech', 'scripts', 'images', 'gpu', 'watermark'] as const;
export type SpendFeature = (typeof SPEND_FEATURES)[number];
/** Where any ledger row came from: a spending feature, payments, an operator, the signup grant, or unknown. */
export type LedgerSource = SpendFeature | 'payments' | 'admin' | 'signup' | 'other';

export const SOURCE_LABELS: Record<LedgerSource, string> = {
  videos: 'Videos',
  speech: 'Speech',
  scripts: 'Scripts',
  images: 'Images',
  gpu: 'GPU rental',
  watermark: 'Watermark removal',
  payments: 'Payments',
  admin: 'Adjustments',
  signup: 'Signup credits',
  other: 'Other',
};

/** A job's kind starts with its feature's name (`video`, `speech.synthesize`, `images.generate`, `watermark…`). */
const JOB_FEATURE_SOURCE: Record<string, LedgerSource> = {
  video: 'videos',
  speech: 'speech',
  image: 'images',
  images: 'images',
  watermark: 'watermark',
};
/** A row without a job carries its feature as the idempotency key's prefix (`script:<id>:settle`, `stripe:…`). */
const KEY_PREFIX_SOURCE: Record<string, LedgerSource> = {
  script: 'scripts',
  gpu: 'gpu',
  stripe: 'payments',
  admin: 'admin',
  signup: 'signup',
};

/** The one attribution rule: the job's kind when the row belongs to a job, else the key's prefix; unknown → other. */
export function ledgerSource(row: { jobKind: string | null; keyPrefix: string | null }): LedgerSource {
  if (row.jobKind !== null) {
    const feature = row.jobKind.split('.', 1)[0]!;
    return Object.hasOwn(JOB_FEATURE_SOURCE, feature) ? JOB_FEATURE_SOURCE[feature]! : 'other';
  }
  if (row.keyPrefix !== null && Object.hasOwn(KEY_PREFIX_SOURCE, row.keyPrefix))
    return KEY_PREFIX_SOURCE[row.keyPrefix]!;
  return 'other';
}

/** The prefix `ledgerSource` reads: everything before the first colon (the SQL side uses split_part the same way). */
export const keyPrefix = (key: string | null): string | null => (key === null ? null : (key.split(':', 1)[0] ?? ''));

// ---------------------------------------------------------------------------------------------------------------
// Ranges

export const RANGE_PRESETS = ['7', '30', '90'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** Longer custom ranges would make a chart no phone can read and a query no index keeps short. */
export const MAX_RANGE_DAYS = 366;
/** Day bars up to a month, week bars beyond. */
const MAX_DAY_BUCKETS = 31;

const DATE = /^\d{4}-\d\d-\d\d$/;
const dayMs = 86_400_000;
const toUtc = (day: string): number => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number): string => fromUtc(toUtc(day) + n * dayMs);
export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / dayMs);

/** A calendar date that exists (no 30 February) in the years the ledger can hold. */
export const isCalendarDate = (day: string): boolean =>
  DATE.test(day) && day >= '2000-01-01' && day <= '9999-12-31' && fromUtc(toUtc(day)) === day;

/** An IANA zone the browser's Intl knows (what `Intl.DateTimeFormat().resolvedOptions().timeZone` reports). */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Today's calendar date in `tz`. */
export const todayIn = (tz: string, now: Date = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const calendarDate = z.string().refine(isCalendarDate, 'Must be a date like 2026-01-31');
const timeZone = z.string().refine(isTimeZone, 'Must be a time zone like Europe/Berlin').default('UTC');

export const AnalyticsQuery = z
  .object({
    range: z.enum([...RANGE_PRESETS, 'custom']).default('30'),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    tz: timeZone,
  })
  .superRefine((q, ctx) => {
    if (q.range !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Pick the first day' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Pick the last day' });
    if (!q.from || !q.to) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must be on or after the first day' });
    else if (daysBetween(q.from, q.to) + 1 > MAX_RANGE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Pick at most ${MAX_RANGE_DAYS} days` });
  });
export type AnalyticsQuery = z.input<typeof AnalyticsQuery>;

export type BucketSize = 'day' | 'week';

export interface ResolvedRange {
  /** First and last calendar day shown, both included, in `tz`. */
  from: string;
  to: string;
  /** The period of the same length just before, for the change figures. */
  previousFrom: string;
  previousTo: string;
  days: number;
  tz: string;
  bucket: BucketSize;
}

/** A preset ends today (in the user's zone) and counts today; a custom range is taken as given. */
export function resolveRange(query: z.output<typeof AnalyticsQuery>, now: Date = new Date()): ResolvedRange {
  const today = todayIn(query.tz, now);
  const [from, to] =
    query.range === 'custom' ? [query.from!, query.to!] : [addDays(today, 1 - Number(query.range)), today];
  const days = daysBetween(from, to) + 1;
  return {
    from,
    to,
    previousFrom: addDays(from, -days),
    previousTo: addDays(from, -1),
    days,
    tz: query.tz,
    bucket: days > MAX_DAY_BUCKETS ? 'week' : 'day',
  };
}

/** The bucket a day falls in: itself, or the Monday of its week (ISO weeks, as PostgreSQL's date_trunc('week')). */
export function bucketOf(day: string, size: BucketSize): string {
  if (size === 'day') return day;
  const weekday = (new Date(toUtc(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** Every bucket of the range, in order, so days without activity show as zero. */
export function bucketsOf(range: Pick<ResolvedRange, 'from' | 'to' | 'bucket'>): string[] {
  const out: string[] = [];
  for (
    let day = bucketOf(range.from, range.bucket);
    day <= range.to;
    day = addDays(day, range.bucket === 'day' ? 1 : 7)
  )
    out.push(day);
  return out;
}

/** Change against the previous period as a whole percentage; null when there was nothing to compare with. */
export function percentChange(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / previous) * 100);
}

// ---------------------------------------------------------------------------------------------------------------
// The report

export const Metric = z.object({
  key: z.string(),
  label: z.string(),
  /** Null when there is nothing to measure (no finished video has a success rate). */
  value: z.number().nullable(),
  previous: z.number().nullable(),
  /** How to read the number: plain count, credits, minutes, hours, seconds or a 0..1 share. */
  unit: z.enum(['count', 'credits', 'minutes', 'hours', 'seconds', 'ratio']),
});
export type Metric = z.infer<typeof Metric>;

export const AnalyticsReport = z.object({
  range: z.object({
    from: z.string(),
    to: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
    days: z.number().int(),
    tz: z.string(),
    bucket: z.enum(['day', 'week']),
  }),
  /** First day of each bar. */
  buckets: z.array(z.string()),
  /** Credits spent per bucket, one series per feature that spent anything in the range. */
  spend: z.array(z.object({ source: z.string(), label: z.string(), values: z.array(z.number()) })),
  /** Videos started per bucket by how they ended (queued or rendering ones are not counted yet). */
  videos: z.object({
    succeeded: z.array(z.number()),
    failed: z.array(z.number()),
    cancelled: z.array(z.number()),
    minutes: z.array(z.number()),
  }),
  /** Totals with the previous period's; features' own figures (GPU hours) come last, only when one contributes. */
  totals: z.array(Metric),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReport>;

/** `GET /analytics/balance?tz=`: the spendable balance at the end of each of the last 30 days, oldest first. */
export const BALANCE_TREND_DAYS = 30;
export const BalanceTrendQuery = z.object({ tz: timeZone });
export const BalanceTrend = z.object({ days: z.array(z.string()), balance: z.array(z.number()) });
export type BalanceTrend = z.infer<typeof BalanceTrend>;

/** One piece of running work on the dashboard. */
export const ActivityItem = z.object({
  id: z.string(),
  source: z.string(),
  title: z.string(),
  status: z.string(),
  stage: z.string().nullable(),
  /** 0..1, or null when the work has no measurable progress (a rental runs until stopped). */
  progress: z.number().nullable(),
  /** A short line such as "12 credits so far". */
  detail: z.string().nullable(),
  href: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItem>;
export const Activity = z.object({ items: z.array(ActivityItem) });
export type Activity = z.infer<typeof Activity>;

// ---------------------------------------------------------------------------------------------------------------
// Contribution hooks: a feature hands these to the analytics routes in api/app.ts, so analytics never imports it.

/** A figure a feature adds to the totals (GPU hours), summed over [from, to) for one user. */
export interface MetricContribution {
  key: string;
  label: string;
  unit: Metric['unit'];
  total(uid: string, from: Date, to: Date): Promise<number>;
}

/** Running work a feature adds to the dashboard (running GPU rentals with their cost so far, removals rendering). */
export interface ActivityContribution {
  running(uid: string): Promise<ActivityItem[]>;
  /** Job kinds whose jobs `running` lists itself, with their own names and links: the plain job list leaves them out. */
  jobKinds?: readonly string[];
}
