/**
 * What watermark removal adds to the dashboard's work in progress: each removal being rendered, under the name of
 * the video the user uploaded, with the job's stage and progress. api/app.ts hands it to the analytics feature, which
 * never imports this one; `jobKinds` tells analytics not to list these jobs a second time, nameless.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ActivityContribution, ActivityItem } from '~/contract/analytics.ts';
import type { Database } from '~/server/db/index.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { watermarkRemovals } from '~/server/db/schema/watermark.ts';
import { WATERMARK_JOB } from './job.ts';

export function watermarkActivity(database: Database): ActivityContribution {
  return {
    jobKinds: [WATERMARK_JOB],
    async running(uid) {
      const rows = await database.db
        .select({
          id: watermarkRemovals.id,
          name: watermarkRemovals.name,
          cost: watermarkRemovals.cost,
          status: jobs.status,
          stage: jobs.stage,
          progress: jobs.progress,
          jobCost: jobs.cost,
        })
        .from(watermarkRemovals)
        .innerJoin(jobs, eq(jobs.id, watermarkRemovals.jobId))
        .where(and(eq(watermarkRemovals.uid, uid), inArray(jobs.status, ['queued', 'active'])))
        .orderBy(desc(jobs.createdAt))
        .limit(20);
      return rows.map(
        (row): ActivityItem => ({
          id: row.id,
          source: 'watermark',
          title: row.name,
          status: row.status,
          stage: row.stage,
          progress: row.progress,
          detail: row.jobCost > 0 ? `${row.jobCost.toLocaleString('en-US')} credits held` : null,
          href: '/watermark-removal',
        }),
      );
    },
  };
}
