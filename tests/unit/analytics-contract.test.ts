/**
 * The analytics rules shared by API and screen: which feature a ledger row belongs to, the ranges in the user's own
 * calendar, week buckets, the change figures, and the CSV of what the screen shows.
 */
import { describe, expect, it } from 'vitest';
import { changeText, formatMetric, reportCsv } from '~/app/features/analytics/model';
import {
  AnalyticsQuery,
  type AnalyticsReport,
  bucketsOf,
  keyPrefix,
  ledgerSource,
  percentChange,
  resolveRange,
} from '~/contract/analytics';

describe('ledgerSource', () => {
  it("names the feature from the job's kind, else from the key's prefix, else other", () => {
    const cases: [string | null, string | null, string][] = [
      ['video', 'job:1:capture', 'videos'],
      ['speech.synthesize', null, 'speech'],
      ['images.generate', null, 'images'],
      ['watermark', null, 'watermark'],
      ['watermark.remove', null, 'watermark'],
      ['test.echo', null, 'other'],
      ['videos-old', null, 'other'],
      [null, 'script:abc:settle', 'scripts'],
      [null, 'gpu:rental-1:settle', 'gpu'],
      [null, 'stripe:pi_123', 'payments'],
      [null, 'admin:grant-7', 'admin'],
      [null, 'signup:uid', 'signup'],
      [null, 'constructor:x', 'other'],
      [null, 'nothing', 'other'],
      [null, null, 'other'],
    ];
    for (const [jobKind, key, source] of cases)
      expect(ledgerSource({ jobKind, keyPrefix: keyPrefix(key) }), `${jobKind} ${key}`).toBe(source);
  });
});

describe('ranges', () => {
  const now = new Date('2026-03-08T03:30:00Z');
  it('end today in the user zone, and compare with the same number of days before', () => {
    // 03:30 UTC is still 7 March in New York and already 8 March in Berlin.
    expect(resolveRange(AnalyticsQuery.parse({ range: '7', tz: 'America/New_York' }), now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
      previousFrom: '2026-02-22',
      previousTo: '2026-02-28',
      days: 7,
      tz: 'America/New_York',
      bucket: 'day',
    });
    expect(resolveRange(AnalyticsQuery.parse({ range: '7', tz: 'Europe/Berlin' }), now).to).toBe('2026-03-08');
  });
  it('use weeks from Monday beyond a month', () => {
    const range = resolveRange(
      AnalyticsQuery.parse({ range: 'custom', from: '2026-01-01', to: '2026-02-15', tz: 'UTC' }),
      now,
    );
    expect(range.bucket).toBe('week');
    const buckets = bucketsOf(range);
    expect(buckets[0]).toBe('2025-12-29');
    expect(buckets.at(-1)).toBe('2026-02-09');
    expect(buckets).toHaveLength(7);
  });
  it('refuse unknown zones and impossible dates', () => {
    expect(AnalyticsQuery.safeParse({ tz: 'Mars/Olympus' }).success).toBe(false);
    expect(AnalyticsQuery.safeParse({ range: 'custom', from: '2026-02-29', to: '2026-03-01' }).success).toBe(false);
    expect(
      AnalyticsQuery.safeParse({ range: 'custom', from: '2024-02-29', to: '2024-03-01', tz: 'Asia/Kolkata' }).success,
    ).toBe(true);
  });
});

describe('what the screen shows', () => {
  const report: AnalyticsReport = {
    range: {
      from: '2026-03-06',
      to: '2026-03-07',
      previousFrom: '2026-03-04',
      previousTo: '2026-03-05',
      days: 2,
      tz: 'UTC',
      bucket: 'day',
    },
    buckets: ['2026-03-06', '2026-03-07'],
    spend: [
      { source: 'videos', label: 'Videos', values: [30, 0] },
      { source: 'gpu', label: 'GPU rental', values: [0, 12] },
    ],
    videos: { succeeded: [1, 0], failed: [0, 1], cancelled: [0, 0], minutes: [1.5, 0] },
    totals: [
      { key: 'creditsSpent', label: 'Credits spent', unit: 'credits', value: 42, previous: 21 },
      { key: 'videoSuccessRate', label: 'Video success rate', unit: 'ratio', value: 0.5, previous: 0.75 },
      { key: 'videoRenderSeconds', label: 'Average render time', unit: 'seconds', value: null, previous: null },
    ],
  };
  it('says the change against the previous period', () => {
    expect(percentChange(42, 21)).toBe(100);
    expect(percentChange(5, 0)).toBeNull();
    expect(changeText(report.totals[0]!, 2)).toBe('+100% vs the previous 2 days');
    expect(changeText(report.totals[1]!, 2)).toBe('-25 points vs the previous 2 days');
    expect(changeText(report.totals[2]!, 2)).toBeNull();
    expect(formatMetric(0.5, 'ratio')).toBe('50%');
    expect(formatMetric(125, 'seconds')).toBe('2 min 5 s');
    expect(formatMetric(null, 'count')).toBe('—');
    // A paid rental of a few minutes is GPU time, read as its uptime reads, not "0 h".
    expect(formatMetric(150 / 3600, 'hours')).toBe('2 min');
    expect(formatMetric(40 / 3600, 'hours')).toBe('40 s');
    expect(formatMetric(1.25, 'hours')).toBe('1.3 h');
  });
  it('exports the totals and both tables as CSV', () => {
    expect(reportCsv(report).split('\r\n')).toEqual([
      'Range,2026-03-06 to 2026-03-07,Time zone UTC',
      '',
      'Figure,2026-03-06 to 2026-03-07,2026-03-04 to 2026-03-05',
      'Credits spent,42,21',
      'Video success rate,0.5,0.75',
      'Average render time,,',
      '',
      'Credits spent by feature',
      'Period,Videos,GPU rental,Total',
      'Mar 6,30,0,30',
      'Mar 7,0,12,12',
      '',
      'Videos by outcome',
      'Period,Videos ready,Videos failed,Videos cancelled,Minutes of video',
      'Mar 6,1,0,0,1.5',
      'Mar 7,0,1,0,0',
      '',
    ]);
  });
});
