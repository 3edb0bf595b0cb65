/**
 * What happened to a user's things, told to their webhook endpoints. `emitEvent` runs inside the caller's
 * transaction: the event row and one pending delivery per subscribed endpoint commit with the change they describe
 * or not at all (an outbox), so an event is never lost between the change and its delivery. The webhooks worker
 * (features/developers/webhooks/worker.ts) picks pending deliveries up within a fraction of a second and sends
 * them through its own queue.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { WebhookEventType, WebhookPayload } from '~/contract/developers.ts';
import type { Tx } from '~/server/db/index.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '~/server/db/schema/developers.ts';

export type EventData = Record<string, unknown>;

/** "msg_" and 24 random characters: the `webhook-id` every delivery of the event carries. */
export const newEventId = (): string => `msg_${randomBytes(18).toString('base64url')}`;

export async function insertEvent(tx: Tx, uid: string, type: WebhookPayload['type'], data: EventData) {
  const id = newEventId();
  const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data };
  await tx.insert(webhookEvents).values({ id, uid, type, payload });
  return id;
}

/** A pending delivery of `eventId` to each endpoint, due now. */
export async function insertDeliveries(tx: Tx, uid: string, eventId: string, endpointIds: readonly string[]) {
  if (endpointIds.length === 0) return [];
  return tx
    .insert(webhookDeliveries)
    .values(endpointIds.map((endpointId) => ({ uid, endpointId, eventId, nextAttemptAt: sql`now()` })))
    .returning();
}

/**
 * Records `type` for `uid` and queues a delivery to each of the user's enabled endpoints subscribed to it. Without
 * any such endpoint nothing is written: there is no one to tell. Returns the event id (undefined when not written).
 */
export async function emitEvent(
  tx: Tx,
  uid: string,
  type: WebhookEventType,
  data: EventData,
): Promise<string | undefined> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.uid, uid),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return undefined;
  const eventId = await insertEvent(tx, uid, type, data);
  await insertDeliveries(
    tx,
    uid,
    eventId,
    endpoints.map((endpoint) => endpoint.id),
  );
  return eventId;
}
