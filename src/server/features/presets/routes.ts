/**
 * Presets over HTTP: GET /presets (built-in first, then the user's own), POST /presets (Idempotency-Key), GET, PUT
 * and DELETE /presets/:id. 400 with field errors for a bad name or setting; another user's id answers 404; a
 * built-in preset can be read but answers 403 to PUT and DELETE.
 */
import { Hono } from 'hono';
import { type Preset, type PresetList, presetRequestSchema } from '~/contract/presets.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { jsonBody } from '~/server/http/validate.ts';
import { presetService } from './service.ts';

export function presetRoutes({ database, idempotency }: ApiDeps) {
  const presets = presetService(database);
  return new Hono<AppEnv>()
    .get('/presets', async (c) => c.json((await presets.list(c.get('uid'))) satisfies PresetList))
    .post('/presets', idempotent(idempotency), async (c) => {
      const request = await jsonBody(c, presetRequestSchema);
      return c.json((await presets.create(c.get('uid'), request)) satisfies Preset, 201);
    })
    .get('/presets/:id', async (c) => c.json((await presets.get(c.get('uid'), c.req.param('id'))) satisfies Preset))
    .put('/presets/:id', async (c) => {
      const request = await jsonBody(c, presetRequestSchema);
      return c.json((await presets.update(c.get('uid'), c.req.param('id'), request)) satisfies Preset);
    })
    .delete('/presets/:id', async (c) => {
      await presets.remove(c.get('uid'), c.req.param('id'));
      return c.body(null, 204);
    });
}
