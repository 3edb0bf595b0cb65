import { Hono } from 'hono';
import type { ApiDeps } from '../../features/deps.ts';
import type { AppEnv } from '../../http/context.ts';

/** Unauthenticated probes for load balancers and orchestrators. */
export function healthRoutes({ database }: ApiDeps) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ ok: true }))
    .get('/readyz', async (c) => {
      const ready = await database.ready();
      return c.json({ ok: ready, db: database.driver }, ready ? 200 : 503);
    });
}
