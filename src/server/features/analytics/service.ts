/**
 * The analytics rules: which rows count (spends are captures; holds and releases are not; refunds show on their
 * own and do not lower "credits bought"), how local days roll up into the chart's buckets, and which totals are
 * compared with the previous period. Features that keep their own figures (GPU hours) or running work (GPU
 * rentals) contribute them through `AnalyticsContributions`, wired in api/app.ts, so this feature imports none.
 */

import type { z } from 'zod';
import {
  type ActivityContribution,
  type ActivityItem,
  type AnalyticsQuery,
  type AnalyticsReport,
  addDays,
  BALANCE_TREND_DAYS,
  type BalanceTrend,
  bucketOf,
  bucketsOf,
  type LedgerSource,
  ledgerSource,
  type Metric,
  type MetricContribution,
  resolveRange,
  SOURCE_LABELS,
  SPEND_FEATURES,
  todayIn,
} from '../../../contract/analytics.ts';
import type { Database } from '../../db/index.ts';
import { balanceMoves, ledgerByDay, localMidnights, runningJobs, studiosByDay, videosByDay } from './store.ts';

export interface AnalyticsContributions {
  metrics: readonly MetricContribution[];
  activity: readonly ActivityContribution[];
}

/** Two periods side by side: index 0 the previous, 1 the current. */
type Pair = [number, number];
const pair = (): Pair => [0, 0];
const round2 = (n: number) => Math.round(n * 100) / 100;
const ratio = (part: number, whole: number): number | null => (whole === 0 ? null : round2(part / whole));

const SPEND_ORDER: readonly LedgerSource[] = [...SPEND_FEATURES, 'other'];
/** A capture can only come from work; a capture that names payments or the signup grant is counted as "other". */
const spendSource = (source: LedgerSource): LedgerSource => (SPEND_ORDER.includes(source) ? source : 'other');

const HREF: Partial<Record<LedgerSource, string>> = { speech: '/voice', images: '/images' };

export function analyticsService(database: Database, contributions: AnalyticsContributions) {
  const { db } = database;

  return {
    async report(uid: string, query: z.output<typeof AnalyticsQuery>, now = new Date()): Promise<AnalyticsReport> {
      const range = resolveRange(query, now);
      const { tz } = range;
      const bounds = await localMidnights(db, tz, [range.previousFrom, range.from, addDays(range.to, 1)]);
      // One at a time: PGlite runs one query at a time anyway, and a PostgreSQL pool is shared with everyone else.
      const ledger = await ledgerByDay(db, uid, tz, bounds.start, bounds.end);
      const videos = await videosByDay(db, uid, tz, bounds.start, bounds.end);
      const studios = await studiosByDay(db, uid, tz, bounds.start, bounds.end);
      const contributed: Metric[] = [];
      for (const metric of contributions.metrics) {
        const [previous, value] = [
          await metric.total(uid, new Date(bounds.start), new Date(bounds.from)),
          await metric.total(uid, new Date(bounds.from), new Date(bounds.end)),
        ];
        contributed.push({ key: metric.key, label: metric.label, unit: metric.unit, value, previous });
      }

      const buckets = bucketsOf(range);
      const slot = new Map(buckets.map((bucket, i) => [bucket, i]));
      const period = (day: string) => (day >= range.from ? 1 : 0);
      const at = (day: string) => slot.get(bucketOf(day, range.bucket))!;
      const zeros = () => buckets.map(() => 0);

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

      const made = pair();
      const failed = pair();
      const minutes = pair();
      const renderSeconds = pair();
      const rendered = pair();
      const videoSeries = { succeeded: zeros(), failed: zeros(), cancelled: zeros(), minutes: zeros() };
      for (const row of videos) {
        const p = period(row.day);
        if (row.status === 'succeeded') made[p] += row.videos;
        if (row.status === 'failed') failed[p] += row.videos;
        minutes[p] += row.duration_ms / 60_000;
        renderSeconds[p] += row.render_seconds;
        rendered[p] += row.rendered;
        if (p === 1) {
          videoSeries[row.status][at(row.day)]! += row.videos;
          videoSeries.minutes[at(row.day)]! += row.duration_ms / 60_000;
        }
      }
      videoSeries.minutes = videoSeries.minutes.map(round2);

      const studio = { speechCharacters: pair(), images: pair(), scripts: pair() };
      for (const row of studios) studio[row.what][period(row.day)] += row.amount;

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
      const totals: Metric[] = [
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

      return {
        range,
        buckets,
        spend: SPEND_ORDER.filter((source) => spendSeries.has(source)).map((source) => ({
          source,
          label: SOURCE_LABELS[source],
          values: spendSeries.get(source)!,
        })),
        videos: videoSeries,
        totals,
      };
    },

    /** The balance at the end of each of the last 30 local days: today's balance, walked back through the ledger. */
    async balanceTrend(uid: string, tz: string, now = new Date()): Promise<BalanceTrend> {
      const today = todayIn(tz, now);
      const first = addDays(today, 1 - BALANCE_TREND_DAYS);
      const { start } = await localMidnights(db, tz, [first, first, first]);
      const { balance, moves } = await balanceMoves(db, uid, tz, start);
      const delta = new Map(moves.map((m) => [m.day, m.delta]));
      const days = Array.from({ length: BALANCE_TREND_DAYS }, (_, i) => addDays(first, i));
      const closing: number[] = [];
      let running = balance;
      for (let i = days.length - 1; i >= 0; i--) {
        closing[i] = running;
        running -= delta.get(days[i]!) ?? 0;
      }
      return { days, balance: closing };
    },

    /** Work still queued or running, each with where to watch it, then what features contribute (rentals, removals). */
    async activity(uid: string): Promise<ActivityItem[]> {
      const listedElsewhere = contributions.activity.flatMap((a) => a.jobKinds ?? []);
      const jobs = (await runningJobs(db, uid, listedElsewhere)).map((job): ActivityItem => {
        const source = ledgerSource({ jobKind: job.kind, keyPrefix: null });
        return {
          id: job.id,
          source,
          title: job.title?.trim() || SOURCE_LABELS[source],
          status: job.status,
          stage: job.stage,
          progress: job.progress,
          detail: job.cost > 0 ? `${job.cost.toLocaleString('en-US')} credits held` : null,
          href: job.video_id ? `/nxn-agent/video/${job.video_id}` : (HREF[source] ?? null),
        };
      });
      const contributed = await Promise.all(contributions.activity.map((a) => a.running(uid)));
      return [...jobs, ...contributed.flat()];
    },
  };
}
