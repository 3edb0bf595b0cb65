/** The rows of webhook endpoints and their deliveries, and their records as the API sends them. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { WebhookDelivery, WebhookEndpointRecord } from '~/contract/developers.ts';
import { isUuid } from '~/contract/ids.ts';
import type { Db, Tx } from '~/server/db/index.ts';
import { cutPage, pageOf } from '~/server/db/paging.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '~/server/db/schema/developers.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const toEndpoint = (row: EndpointRow): WebhookEndpointRecord => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  failingSince: row.failingSince?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const toDelivery = (row: DeliveryRow, eventType: string): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpointId,
  eventId: row.eventId,
  eventType,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  responseMs: row.responseMs,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
});

export async function listEndpoints(db: Db, uid: string): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.uid, uid))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
}

export async function getEndpoint(db: Db | Tx, uid: string, id: string): Promise<EndpointRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.uid, uid), eq(webhookEndpoints.id, id)));
  return row;
}

/** One page of an endpoint's deliveries, newest first, each with its event's type. */
export async function deliveryPage(
  db: Db,
  uid: string,
  endpointId: string,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
) {
  const page = pageOf(webhookDeliveries, uid, cursor);
  const rows = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(page.where, eq(webhookDeliveries.endpointId, endpointId)))
    .orderBy(...page.orderBy)
    .limit(limit + 1);
  const cut = cutPage(
    rows.map((row) => ({ ...row, createdAt: row.delivery.createdAt, id: row.delivery.id })),
    limit,
  );
  return { items: cut.rows.map((row) => toDelivery(row.delivery, row.eventType)), nextCursor: cut.nextCursor };
}

export async function getDelivery(db: Db | Tx, uid: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ delivery: webhookDeliveries, eventType: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.uid, uid), eq(webhookDeliveries.id, id)));
  return row;
}

/** Ends an endpoint's waiting deliveries (it was turned off): they will not be tried again. */
export async function failPending(tx: Tx, endpointId: string, error: string): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ status: 'failed', error, nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

export const now = sql`now()`;
