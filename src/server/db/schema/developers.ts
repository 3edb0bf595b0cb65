/**
 * The developer platform: API keys (only the hash of a key is kept), webhook endpoints with their signing secret,
 * the events the platform emitted for a user, and one delivery per event and endpoint with each attempt logged.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ApiKeyScope, DeliveryStatus, WebhookEventType } from '~/contract/developers.ts';
import { optionalTs, owner, ts } from './users.ts';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    name: text('name').notNull(),
    /** The key's first characters, shown in the list. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key, hex: a request's key is hashed and looked up; the key itself is never stored. */
    hash: text('hash').notNull(),
    scopes: jsonb('scopes').$type<ApiKeyScope[]>().notNull(),
    createdAt: ts('created_at'),
    lastUsedAt: optionalTs('last_used_at'),
    revokedAt: optionalTs('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.hash), index('api_keys_uid').on(t.uid, t.createdAt)],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    /** "whsec_…": deliveries are signed with it, so it is kept (unlike an API key); shown to the user once. */
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last success; an endpoint failing for too long is disabled. */
    failingSince: optionalTs('failing_since'),
    createdAt: ts('created_at'),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('webhook_endpoints_uid').on(t.uid, t.createdAt)],
);

/** What happened, once per event whatever the number of endpoints; its id is the `webhook-id` of every delivery. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** "msg_…" */
    id: text('id').primaryKey(),
    uid: owner(),
    type: text('type').notNull(),
    /** The body every delivery of the event sends. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: ts('created_at'),
  },
  (t) => [index('webhook_events_uid').on(t.uid, t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    error: text('error'),
    createdAt: ts('created_at'),
    lastAttemptAt: optionalTs('last_attempt_at'),
    nextAttemptAt: optionalTs('next_attempt_at'),
    /**
     * When a worker's relay claimed it for an attempt; null once the attempt is recorded. A pending delivery claimed
     * within the lease is in flight: the relay counts those per endpoint and per user (fairness.ts).
     */
    claimedAt: optionalTs('claimed_at'),
  },
  (t) => [
    index('webhook_deliveries_endpoint').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_pending').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** Every attempt of a delivery, for the log: when, what came back, how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: ts('at'),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery').on(t.deliveryId, t.at)],
);
