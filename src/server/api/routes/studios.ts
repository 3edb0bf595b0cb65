/** The three studios' routes (scripts, speech, images), mounted behind the token middleware in app.ts. */
import { Hono } from 'hono';
import type { ApiDeps, AppEnv } from '../context.ts';
import { imageRoutes } from './images.ts';
import { scriptRoutes } from './scripts.ts';
import { speechRoutes } from './speech.ts';

export function studioRoutes(deps: ApiDeps) {
  return new Hono<AppEnv>().route('/', scriptRoutes(deps)).route('/', speechRoutes(deps)).route('/', imageRoutes(deps));
}
