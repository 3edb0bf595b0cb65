import { Hono } from 'hono';
import { installCommand, VIDEO_TOOLS } from '~/contract/system-tools.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { toolsReadiness } from '~/server/jobs/workers.ts';

/**
 * Unauthenticated probes for load balancers and orchestrators. `/readyz` also says what the workers lack to make
 * videos (from their tool checks, jobs/workers.ts). A process that runs a worker itself (`npm start`, ROLE=all) is
 * not ready without those tools; an API-only process stays ready, since sign-in, billing and the studios still
 * work, and only reports them.
 */
export function healthRoutes({ database, config }: ApiDeps) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ ok: true }))
    .get('/readyz', async (c) => {
      const db = await database.ready();
      const { workers, missing } = db ? await toolsReadiness(database.db, VIDEO_TOOLS) : { workers: 0, missing: [] };
      const ready = db && !(config.roles.includes('worker') && missing.length > 0);
      const videos = {
        ready: missing.length === 0,
        workers,
        missing,
        ...(missing.length > 0 ? { install: installCommand(missing) } : {}),
      };
      return c.json({ ok: ready, db: database.driver, videos }, ready ? 200 : 503);
    });
}
