/**
 * What GPU rental adds to analytics and the dashboard: GPU hours in a range, and the machines that are not over
 * with their cost so far. api/app.ts hands these to the analytics feature, which never imports this one.
 */
import type { ActivityContribution, ActivityItem, MetricContribution } from '~/contract/analytics.ts';
import type { Database } from '~/server/db/index.ts';
import { costSoFar } from './billing.ts';
import * as store from './store.ts';

export function gpuAnalytics(
  database: Database,
  now: () => Date = () => new Date(),
): { hours: MetricContribution; rentals: ActivityContribution } {
  return {
    hours: {
      key: 'gpuHours',
      label: 'GPU hours',
      unit: 'hours',
      total: (uid, from, to) => store.gpuHours(database.db, uid, from, to, now()),
    },
    rentals: {
      async running(uid) {
        const at = now();
        return (await store.activeRentals(database.db, uid)).map(
          (row): ActivityItem => ({
            id: row.id,
            source: 'gpu',
            title: `${row.gpuCount}× ${row.gpuModel}`,
            status: row.status,
            stage: null,
            progress: null,
            detail: `${costSoFar(row, at).toLocaleString('en-US')} credits so far`,
            href: '/my-rentals',
          }),
        );
      },
    },
  };
}
