/**
 * GPU rental API: the catalogue, the user's SSH keys, and rentals (launch, list, read, stop, start, terminate).
 * Provider keys stay on the server; a provider failure the user can act on answers 424 with its message.
 */
import { Hono } from 'hono';
import {
  type GpuCatalogue,
  LaunchBody,
  type Rental,
  type RentalList,
  type SshKey,
  SshKeyBody,
} from '~/contract/gpu.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { rateLimit } from '~/server/http/middleware.ts';
import { jsonBody } from '~/server/http/validate.ts';
import { createGpuProviders } from '~/server/providers/gpu/index.ts';
import { createGpuService, GpuActionError, type GpuService } from './service.ts';

export function gpuRoutes(
  deps: ApiDeps,
  service: GpuService = createGpuService({
    config: deps.config.gpu,
    database: deps.database,
    providers: createGpuProviders(deps.config.gpu),
    log: deps.log,
  }),
) {
  const launches = deps.config.gpu.launchesPerHour;
  return new Hono<AppEnv>()
    .onError((error, c) => {
      if (error instanceof GpuActionError) return c.json({ error: error.message }, 424);
      throw error;
    })
    .get('/gpu/offers', async (c) => c.json((await service.catalogue()) satisfies GpuCatalogue))
    .get('/gpu/ssh-keys', async (c) => c.json({ keys: (await service.listKeys(c.get('uid'))) satisfies SshKey[] }))
    .post('/gpu/ssh-keys', idempotent(deps.idempotency), async (c) =>
      c.json((await service.addKey(c.get('uid'), await jsonBody(c, SshKeyBody))) satisfies SshKey, 201),
    )
    .delete('/gpu/ssh-keys/:id', async (c) => {
      await service.deleteKey(c.get('uid'), c.req.param('id'));
      return c.body(null, 204);
    })
    .post(
      '/gpu/rentals',
      idempotent(deps.idempotency),
      rateLimit({ perMinute: launches / 60, burst: launches }, (c) => `gpu-launch:${c.get('uid')}`),
      async (c) => {
        const body = await jsonBody(c, LaunchBody);
        return c.json((await service.launch(c.get('uid'), body)) satisfies Rental, 201);
      },
    )
    .get('/gpu/rentals', async (c) => c.json({ rentals: await service.list(c.get('uid')) } satisfies RentalList))
    .get('/gpu/rentals/:id', async (c) => c.json((await service.get(c.get('uid'), c.req.param('id'))) satisfies Rental))
    .post('/gpu/rentals/:id/stop', async (c) =>
      c.json((await service.act(c.get('uid'), c.req.param('id'), 'stop')) satisfies Rental),
    )
    .post('/gpu/rentals/:id/start', async (c) =>
      c.json((await service.act(c.get('uid'), c.req.param('id'), 'start')) satisfies Rental),
    )
    .post('/gpu/rentals/:id/terminate', async (c) =>
      c.json((await service.act(c.get('uid'), c.req.param('id'), 'terminate')) satisfies Rental),
    );
}
