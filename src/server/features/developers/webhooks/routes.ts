/**
 * Webhook endpoints and their delivery log, for the signed-in user (an API key is refused these routes by the
 * key scope rule: a key could otherwise point the user's events anywhere).
 */
import { Hono } from 'hono';
import {
  type CreatedWebhookEndpoint,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_TESTS_PER_MINUTE,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpointList,
  type WebhookEndpointRecord,
  webhookDeliveryQuery,
} from '~/contract/developers.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { idempotent, withoutSecret } from '~/server/http/idempotency.ts';
import { rateLimit } from '~/server/http/middleware.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { createWebhookService, type WebhookService } from './service.ts';

export function webhookRoutes(
  deps: ApiDeps,
  service: WebhookService = createWebhookService({ database: deps.database, policy: deps.config.webhooks }),
) {
  // Each test event may hold a delivery slot for 10 s: a user sends a few a minute, not a flood.
  const testLimit = rateLimit(
    { perMinute: WEBHOOK_TESTS_PER_MINUTE, burst: WEBHOOK_TESTS_PER_MINUTE },
    (c) => `webhook-test:${c.get('uid')}`,
    (seconds) => `You can send ${WEBHOOK_TESTS_PER_MINUTE} test events a minute: try again in ${seconds} s`,
  );
  return (
    new Hono<AppEnv>()
      .get('/webhooks/endpoints', async (c) =>
        c.json({ items: await service.list(c.get('uid')) } satisfies WebhookEndpointList),
      )
      // A repeat gets the endpoint without its signing secret: shown once, never kept with the answer.
      .post('/webhooks/endpoints', idempotent(deps.idempotency, { kept: withoutSecret }), async (c) => {
        const body = await jsonBody(c, createWebhookEndpointSchema);
        return c.json((await service.create(c.get('uid'), body)) satisfies CreatedWebhookEndpoint, 201);
      })
      .patch('/webhooks/endpoints/:id', async (c) => {
        const body = await jsonBody(c, updateWebhookEndpointSchema);
        return c.json((await service.update(c.get('uid'), c.req.param('id'), body)) satisfies WebhookEndpointRecord);
      })
      .delete('/webhooks/endpoints/:id', async (c) => {
        await service.remove(c.get('uid'), c.req.param('id'));
        return c.body(null, 204);
      })
      .post('/webhooks/endpoints/:id/test', testLimit, async (c) =>
        c.json((await service.sendTest(c.get('uid'), c.req.param('id'))) satisfies WebhookDelivery, 202),
      )
      .get('/webhooks/endpoints/:id/deliveries', async (c) =>
        c.json(
          (await service.deliveries(
            c.get('uid'),
            c.req.param('id'),
            query(c, webhookDeliveryQuery),
          )) satisfies WebhookDeliveryPage,
        ),
      )
      .post('/webhooks/deliveries/:id/resend', async (c) =>
        c.json((await service.resend(c.get('uid'), c.req.param('id'))) satisfies WebhookDelivery, 202),
      )
  );
}
