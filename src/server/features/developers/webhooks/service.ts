/**
 * Webhook endpoints: saved under the URL rule (outbound.ts), a signing secret made once, a delivery log, a test
 * event and resends. Deliveries themselves are the worker's (worker.ts).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpointRecord,
} from '~/contract/developers.ts';
import type { Database } from '~/server/db/index.ts';
import { webhookEndpoints } from '~/server/db/schema/developers.ts';
import { insertDeliveries, insertEvent } from '~/server/events/emit.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import type { AddressPolicy } from './address.ts';
import { endpointUrlProblem, type Resolver } from './outbound.ts';
import * as store from './store.ts';

/** "whsec_" and 32 random bytes in base64: the form Standard Webhooks libraries take as a secret. */
export const newSigningSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhookServiceDeps {
  database: Database;
  policy: AddressPolicy;
  resolve?: Resolver;
}

const endpointLimit = () =>
  new HttpError(400, 'Invalid input', {
    url: `You already have ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints, the most an account may have: delete one you no longer use, or subscribe an existing one to more events`,
  });

const disabledConflict = () => new HttpError(409, 'This endpoint is turned off: turn it on before sending to it');

export function createWebhookService({ database, policy, resolve }: WebhookServiceDeps) {
  const db = database.db;

  async function checkUrl(url: string): Promise<void> {
    const problem = await endpointUrlProblem(url, policy, resolve);
    if (problem) throw new HttpError(400, 'Invalid input', { url: problem });
  }

  async function owned(uid: string, id: string): Promise<store.EndpointRow> {
    const row = await store.getEndpoint(db, uid, id);
    if (!row) throw notFound('Webhook endpoint not found');
    return row;
  }

  return {
    async list(uid: string): Promise<WebhookEndpointRecord[]> {
      return (await store.listEndpoints(db, uid)).map(store.toEndpoint);
    },

    async create(uid: string, body: CreateWebhookEndpointRequest): Promise<CreatedWebhookEndpoint> {
      await checkUrl(body.url);
      const secret = newSigningSecret();
      const [row] = await database.transaction(async (tx) => {
        // One create at a time per user, so two at once cannot both pass the count.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`webhook-endpoints:${uid}`}))`);
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.uid, uid));
        if ((count?.n ?? 0) >= WEBHOOK_ENDPOINT_LIMIT) throw endpointLimit();
        return tx
          .insert(webhookEndpoints)
          .values({ uid, url: body.url, description: body.description, events: body.events, secret })
          .returning();
      });
      if (!row) throw new Error('Endpoint insert returned no row');
      return { ...store.toEndpoint(row), secret };
    },

    async update(uid: string, id: string, body: UpdateWebhookEndpointRequest): Promise<WebhookEndpointRecord> {
      await owned(uid, id);
      if (body.url !== undefined) await checkUrl(body.url);
      const [row] = await database.transaction(async (tx) => {
        if (body.enabled === false) await store.failPending(tx, id, 'The endpoint was turned off');
        return tx
          .update(webhookEndpoints)
          .set({
            ...(body.url !== undefined ? { url: body.url } : {}),
            ...(body.events !== undefined ? { events: body.events } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            ...(body.enabled !== undefined
              ? // Turning it on again starts afresh: the failures that turned it off are history.
                { enabled: body.enabled, disabledReason: null, failingSince: null }
              : {}),
            updatedAt: sql`now()`,
          })
          .where(and(eq(webhookEndpoints.uid, uid), eq(webhookEndpoints.id, id)))
          .returning();
      });
      if (!row) throw notFound('Webhook endpoint not found');
      return store.toEndpoint(row);
    },

    async remove(uid: string, id: string): Promise<void> {
      await owned(uid, id);
      await db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.uid, uid), eq(webhookEndpoints.id, id)));
    },

    /** Queues a `webhook.test` event to this endpoint alone, whatever it subscribed to. */
    async sendTest(uid: string, id: string): Promise<WebhookDelivery> {
      const endpoint = await owned(uid, id);
      if (!endpoint.enabled) throw disabledConflict();
      const row = await database.transaction(async (tx) => {
        const eventId = await insertEvent(tx, uid, WEBHOOK_TEST_EVENT, {
          endpointId: endpoint.id,
          message: 'This is a test event: your endpoint received and verified it.',
        });
        const [delivery] = await insertDeliveries(tx, uid, eventId, [endpoint.id]);
        return delivery;
      });
      if (!row) throw new Error('Delivery insert returned no row');
      return store.toDelivery(row, WEBHOOK_TEST_EVENT);
    },

    async deliveries(
      uid: string,
      id: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<WebhookDeliveryPage> {
      await owned(uid, id);
      return store.deliveryPage(db, uid, id, query);
    },

    /** A new delivery of the same event (same id, so a receiver that got it already drops it). */
    async resend(uid: string, deliveryId: string): Promise<WebhookDelivery> {
      const found = await store.getDelivery(db, uid, deliveryId);
      if (!found) throw notFound('Delivery not found');
      const endpoint = await owned(uid, found.delivery.endpointId);
      if (!endpoint.enabled) throw disabledConflict();
      const [row] = await database.transaction((tx) =>
        insertDeliveries(tx, uid, found.delivery.eventId, [endpoint.id]),
      );
      if (!row) throw new Error('Delivery insert returned no row');
      return store.toDelivery(row, found.eventType);
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
