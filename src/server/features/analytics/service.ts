/**
 * The analytics report, the balance trend and the work in progress. Which rows count and how days roll up into
 * buckets and periods is rollup.ts. Features that keep their own figures (GPU hours) or running work (GPU rentals)
 * contribute them through `AnalyticsContributions`, wired in api/app.ts, so this feature imports none.
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
  bucketsOf,
  type LedgerSource,
  ledgerSource,
  type Metric,
  type MetricContribution,
  resolveRange,
  SOURCE_LABELS,
  todayIn,
} from '~/contract/analytics.ts';
import type { Database } from '~/server/db/index.ts';
import { calendarOf, ledgerRollup, studioRollup, totalsOf, videoRollup } from './rollup.ts';
import { balanceMoves, ledgerByDay, localMidnights, runningJobs, studiosByDay, videosByDay } from './store.ts';

export interface AnalyticsContributions {
  metrics: readonly MetricContribution[];
  activity: readonly ActivityContribution[];
}

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
      const calendar = calendarOf(range, buckets);
      const money = ledgerRollup(ledger, calendar);
      const made = videoRollup(videos, calendar);
      const studio = studioRollup(studios, calendar);
      return {
        range,
        buckets,
        spend: money.spend,
        videos: made.series,
        totals: totalsOf(money, made, studio, contributed),
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
