/** The three studios' routes (scripts, speech, images), mounted behind the token middleware in app.ts. */
import { Hono } from 'hono';
import type { ApiDeps, AppEnv } from '../../http/context.ts';
import { imageRoutes } from '../../features/images/routes.ts';
import { scriptRoutes } from '../../features/scripts/routes.ts';
import { speechRoutes } from '../../features/speech/routes.ts';

export function studioRoutes(deps: ApiDeps) {
  return new Hono<AppEnv>().route('/', scriptRoutes(deps)).route('/', speechRoutes(deps)).route('/', imageRoutes(deps));
}
