/**
 * Webhook endpoints and their delivery log, for the signed-in user (an API key is refused these routes by the
 * key scope rule: a key could otherwise point the user's events anywhere).
 */
import { Hono } from 'hono';
import {
  type CreatedWebhookEndpoint,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpointList,
  type WebhookEndpointRecord,
  webhookDeliveryQuery,
} from '../../../../contract/developers.ts';
import type { AppEnv } from '../../../http/context.ts';
import { idempotent } from '../../../http/idempotency.ts';
import { jsonBody, query } from '../../../http/validate.ts';
import type { ApiDeps } from '../../deps.ts';
import { createWebhookService, type WebhookService } from './service.ts';

export function webhookRoutes(
  deps: ApiDeps,
  service: WebhookService = createWebhookService({ database: deps.database, policy: deps.config.webhooks }),
) {
  return new Hono<AppEnv>()
    .get('/webhooks/endpoints', async (c) =>
      c.json({ items: await service.list(c.get('uid')) } satisfies WebhookEndpointList),
    )
    .post('/webhooks/endpoints', idempotent(deps.idempotency), async (c) => {
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
    .post('/webhooks/endpoints/:id/test', async (c) =>
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
    );
}
