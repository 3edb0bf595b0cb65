/**
 * What the analytics screen shows, as pure functions: how a bucket and a figure read, the change against the previous
 * period, and the CSV of exactly what is on screen (totals, then the two charts' tables).
 */

import { formatDuration } from '~/app/components/format';
import { type AnalyticsReport, type BucketSize, type Metric, percentChange } from '~/contract/analytics';
import { csvField } from '~/contract/ledger';

/** Bucket days are calendar dates, so they are formatted in UTC to stay the same date. */
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const bucketLabel = (day: string, size: BucketSize): string => {
  const date = dayFormat.format(new Date(`${day}T00:00:00Z`));
  return size === 'week' ? `Week of ${date}` : date;
};
/** The axis keeps bars readable on a phone: weeks say just the date. */
export const shortBucketLabel = (day: string): string => dayFormat.format(new Date(`${day}T00:00:00Z`));

export function formatMetric(value: number | null, unit: Metric['unit']): string {
  if (value === null) return '—';
  switch (unit) {
    case 'ratio':
      return `${Math.round(value * 100)}%`;
    case 'minutes':
      return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} min`;
    // Under an hour in minutes (a few minutes of GPU time is not "0 h"), read exactly as the rental's uptime reads.
    case 'hours':
      return value < 1
        ? formatDuration(Math.floor(value * 3_600 + 1e-6) * 1_000) // whole seconds, as hours/3600 may not divide back
        : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`;
    case 'seconds':
      return value >= 90 ? `${Math.floor(value / 60)} min ${Math.round(value % 60)} s` : `${Math.round(value)} s`;
    default:
      return value.toLocaleString('en-US');
  }
}

/** "+12% vs previous 30 days", "No change", or null when there was nothing before to compare with. */
export function changeText(metric: Metric, days: number): string | null {
  if (metric.value === null || metric.previous === null) return null;
  if (metric.unit === 'ratio') {
    const points = Math.round((metric.value - metric.previous) * 100);
    return points === 0
      ? `Same as the previous ${days} days`
      : `${points > 0 ? '+' : ''}${points} points vs the previous ${days} days`;
  }
  const change = percentChange(metric.value, metric.previous);
  if (change === null) return null;
  return change === 0
    ? `Same as the previous ${days} days`
    : `${change > 0 ? '+' : ''}${change}% vs the previous ${days} days`;
}

/** Whether the range holds anything at all to chart (a new account's first visit does not). */
export const isEmptyReport = (report: AnalyticsReport): boolean =>
  report.spend.length === 0 && report.totals.every((m) => !m.value);

const VIDEO_OUTCOMES = [
  ['succeeded', 'Videos ready'],
  ['failed', 'Videos failed'],
  ['cancelled', 'Videos cancelled'],
  ['minutes', 'Minutes of video'],
] as const;

/** The spending chart's table: one row per bucket, one column per feature, then the row's total. */
export function spendTable(report: AnalyticsReport) {
  const header = ['Period', ...report.spend.map((s) => s.label), 'Total'];
  const rows = report.buckets.map((bucket, i) => {
    const values = report.spend.map((s) => s.values[i] ?? 0);
    return [bucketLabel(bucket, report.range.bucket), ...values, values.reduce((a, b) => a + b, 0)];
  });
  return { header, rows };
}

export function videoTable(report: AnalyticsReport) {
  const header = ['Period', ...VIDEO_OUTCOMES.map(([, label]) => label)];
  const rows = report.buckets.map((bucket, i) => [
    bucketLabel(bucket, report.range.bucket),
    ...VIDEO_OUTCOMES.map(([key]) => report.videos[key][i] ?? 0),
  ]);
  return { header, rows };
}

const csvLines = (rows: readonly (readonly (string | number | null)[])[]) =>
  rows.map((row) => row.map(csvField).join(','));

/** Totals, then the spending table, then the videos table, with the range and time zone on top. */
export function reportCsv(report: AnalyticsReport): string {
  const { range } = report;
  const spend = spendTable(report);
  const videos = videoTable(report);
  return [
    ...csvLines([
      ['Range', `${range.from} to ${range.to}`, `Time zone ${range.tz}`],
      [],
      ['Figure', `${range.from} to ${range.to}`, `${range.previousFrom} to ${range.previousTo}`],
      ...report.totals.map((m) => [m.label, m.value, m.previous]),
      [],
      ['Credits spent by feature'],
      spend.header,
      ...spend.rows,
      [],
      ['Videos by outcome'],
      videos.header,
      ...videos.rows,
    ]),
    '',
  ].join('\r\n');
}
