import { Hono } from 'hono';
import {
  type Activity,
  AnalyticsQuery,
  type AnalyticsReport,
  type BalanceTrend,
  BalanceTrendQuery,
} from '~/contract/analytics.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { query } from '~/server/http/validate.ts';
import { type AnalyticsContributions, analyticsService } from './service.ts';

/** `contributions` are other features' figures and running work, handed in by api/app.ts. */
export function analyticsRoutes({ database }: ApiDeps, contributions: AnalyticsContributions) {
  const analytics = analyticsService(database, contributions);
  return new Hono<AppEnv>()
    .get('/analytics', async (c) =>
      c.json((await analytics.report(c.get('uid'), query(c, AnalyticsQuery))) satisfies AnalyticsReport),
    )
    .get('/analytics/balance', async (c) =>
      c.json((await analytics.balanceTrend(c.get('uid'), query(c, BalanceTrendQuery).tz)) satisfies BalanceTrend),
    )
    .get('/analytics/activity', async (c) =>
      c.json({ items: await analytics.activity(c.get('uid')) } satisfies Activity),
    );
}
