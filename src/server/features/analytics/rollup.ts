/**
 * How the report's rows count: spends are captures (holds and releases are not), refunds show on their own and do
 * not lower "credits bought", local days roll up into the chart's buckets, and each total is paired with the
 * previous period's.
 */
import {
  bucketOf,
  type LedgerSource,
  ledgerSource,
  type Metric,
  type ResolvedRange,
  SOURCE_LABELS,
  SPEND_FEATURES,
} from '~/contract/analytics.ts';
import type { LedgerDayRow, StudioDayRow, VideoDayRow } from './store.ts';

/** Two periods side by side: index 0 the previous, 1 the current. */
type Pair = [number, number];
const pair = (): Pair => [0, 0];
const round2 = (n: number) => Math.round(n * 100) / 100;
const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : round2(part / whole));

const SPEND_ORDER: readonly LedgerSource[] = [...SPEND_FEATURES, 'other'];
/** A capture can only come from work; a capture that names payments or the signup grant is counted as "other". */
const spendSource = (source: LedgerSource): LedgerSource => (SPEND_ORDER.includes(source) ? source : 'other');

/** Where a local day falls: its period, and its bucket in the current period's chart. */
export interface Calendar {
  period(day: string): 0 | 1;
  at(day: string): number;
  zeros(): number[];
}

export function calendarOf(range: ResolvedRange, buckets: readonly string[]): Calendar {
  const slot = new Map(buckets.map((bucket, i) => [bucket, i]));
  return {
    period: (day) => (day >= range.from ? 1 : 0),
    at: (day) => slot.get(bucketOf(day, range.bucket))!,
    zeros: () => buckets.map(() => 0),
  };
}

export function ledgerRollup(ledger: readonly LedgerDayRow[], { period, at, zeros }: Calendar) {
  const spent = pair();
  const bought = pair();
  const refunded = pair();
  const spendSeries = new Map<LedgerSource, number[]>();
  for (const row of ledger) {
    const p = period(row.day);
    if (row.kind === 'purchase') bought[p] += row.amount;
    else if (row.kind === 'refund') refunded[p] -= row.amount;
    else {
      spent[p] += row.amount;
      if (p === 1) {
        const source = spendSource(ledgerSource({ jobKind: row.job_kind, keyPrefix: row.key_prefix }));
        const series = spendSeries.get(source) ?? zeros();
        series[at(row.day)]! += row.amount;
        spendSeries.set(source, series);
      }
    }
  }
  const spend = SPEND_ORDER.filter((source) => spendSeries.has(source)).map((source) => ({
    source,
    label: SOURCE_LABELS[source],
    values: spendSeries.get(source)!,
  }));
  return { spent, bought, refunded, spend };
}

export function videoRollup(videos: readonly VideoDayRow[], { period, at, zeros }: Calendar) {
  const made = pair();
  const failed = pair();
  const minutes = pair();
  const renderSeconds = pair();
  const rendered = pair();
  const series = { succeeded: zeros(), failed: zeros(), cancelled: zeros(), minutes: zeros() };
  for (const row of videos) {
    const p = period(row.day);
    if (row.status === 'succeeded') made[p] += row.videos;
    if (row.status === 'failed') failed[p] += row.videos;
    minutes[p] += row.duration_ms / 60_000;
    renderSeconds[p] += row.render_seconds;
    rendered[p] += row.rendered;
    if (p === 1) {
      series[row.status][at(row.day)]! += row.videos;
      series.minutes[at(row.day)]! += row.duration_ms / 60_000;
    }
  }
  series.minutes = series.minutes.map(round2);
  return { made, failed, minutes, renderSeconds, rendered, series };
}

export function studioRollup(studios: readonly StudioDayRow[], { period }: Calendar) {
  const studio = { speechCharacters: pair(), images: pair(), scripts: pair() };
  for (const row of studios) studio[row.what][period(row.day)] += row.amount;
  return studio;
}

const metric = (
  key: string,
  label: string,
  unit: Metric['unit'],
  [previous, value]: [number | null, number | null],
): Metric => ({
  key,
  label,
  unit,
  value: value ?? null,
  previous: previous ?? null,
});
const each = <T>(f: (p: 0 | 1) => T): [T, T] => [f(0), f(1)];

export function totalsOf(
  { spent, bought, refunded }: ReturnType<typeof ledgerRollup>,
  { made, failed, minutes, renderSeconds, rendered }: ReturnType<typeof videoRollup>,
  studio: ReturnType<typeof studioRollup>,
  contributed: readonly Metric[],
): Metric[] {
  return [
    metric('creditsSpent', 'Credits spent', 'credits', spent),
    metric('creditsBought', 'Credits bought', 'credits', bought),
    metric('creditsRefunded', 'Credits refunded', 'credits', refunded),
    metric('videos', 'Videos made', 'count', made),
    metric(
      'videoMinutes',
      'Minutes of video',
      'minutes',
      each((p) => round2(minutes[p])),
    ),
    metric(
      'videoSuccessRate',
      'Video success rate',
      'ratio',
      each((p) => ratio(made[p], made[p] + failed[p])),
    ),
    metric(
      'videoRenderSeconds',
      'Average render time',
      'seconds',
      each((p) => (rendered[p] === 0 ? null : Math.round(renderSeconds[p] / rendered[p]))),
    ),
    metric('speechCharacters', 'Speech characters', 'count', studio.speechCharacters),
    metric('images', 'Images', 'count', studio.images),
    metric('scripts', 'Scripts', 'count', studio.scripts),
    ...contributed,
  ];
}
