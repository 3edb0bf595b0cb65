/**
 * The developer platform's contract: API keys (scoped, shown once, stored as hashes) and webhook endpoints with
 * their events and delivery log. The key's scopes decide which routes it reaches (`routeScope` in api-scopes.ts); the
 * routes a key never reaches (sign-in, keys and webhooks themselves, purchases) answer 403 through a key, and the
 * operator console the 404 it gives anyone who is not an operator.
 */
import { z } from 'zod';
import { pageCursor } from './paging.ts';
import { textField } from './text.ts';

/** What a key is allowed to do. Every route a key may call needs exactly one of these. */
export const API_KEY_SCOPES = ['read', 'create', 'gpu', 'billing:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'See videos, studio work, voices, uploads and analytics' },
  create: { label: 'Create', description: 'Make videos, storyboards, scripts, speech, images and watermark removals' },
  gpu: { label: 'GPU rental', description: 'Launch, watch and stop GPU machines, and manage their SSH keys' },
  'billing:read': { label: 'Billing (read)', description: 'See the balance, ledger and purchases' },
};

/** Every key starts with this, so a leaked one is easy to recognise (and to scan for). */
export const API_KEY_PREFIX = 'nxn_sk_';
/** How much of a key the list shows after it is made: the fixed prefix and the first characters of the secret. */
export const API_KEY_SHOWN_CHARS = API_KEY_PREFIX.length + 6;
export const API_KEY_PATTERN = /^nxn_sk_[A-Za-z0-9_-]{43}$/;

export const createApiKeySchema = z.object({
  name: textField()
    .trim()
    .min(1, 'Give the key a name')
    .max(60, 'At most 60 characters')
    .describe('A name for you to recognise the key by.'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Scopes are ${API_KEY_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .transform((scopes) => [...new Set(scopes)])
    .describe('What the key may do: "read", "create", "gpu", "billing:read"; at least one.'),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;
export type CreateApiKeyRequest = z.output<typeof createApiKeySchema>;

export const apiKeyRecordSchema = z.object({
  id: z.string().describe("The key's id (not the secret)."),
  name: z.string().describe('The name it was given.'),
  /** The key's first characters, e.g. "nxn_sk_Ab12Cd": enough to tell keys apart, useless to an attacker. */
  prefix: z.string().describe('The key\'s first characters, e.g. "nxn_sk_Ab12Cd", to tell keys apart.'),
  scopes: z.array(z.enum(API_KEY_SCOPES)).describe('What the key may do.'),
  createdAt: z.string().describe('When it was made, ISO 8601.'),
  lastUsedAt: z.string().nullable().describe('When it last authenticated a request; null if never.'),
  revokedAt: z.string().nullable().describe('When it was revoked; null while it works.'),
});
export type ApiKeyRecord = z.infer<typeof apiKeyRecordSchema>;

/**
 * Answer of the create: the only time the whole key is shown. A repeat of the create (the same Idempotency-Key)
 * answers the same key with `secret: null`, since the key is kept only as a hash: if the first answer was lost,
 * revoke that key and make another.
 */
export const createdApiKeySchema = apiKeyRecordSchema.extend({
  secret: z
    .string()
    .nullable()
    .describe('The whole key, shown this once: store it now. null on a repeat of the same Idempotency-Key.'),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeyRecordSchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The events a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENTS = [
  'video.succeeded',
  'video.failed',
  'batch.completed',
  'speech.succeeded',
  'speech.failed',
  'image.succeeded',
  'image.failed',
  'watermark.succeeded',
  'watermark.failed',
  'rental.status_changed',
  'payment.succeeded',
  'payment.refunded',
  'credits.low',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** What the reference adds to an event's label: when exactly it is sent and what its data carries. */
export const WEBHOOK_EVENT_NOTES: Partial<Record<WebhookEventType, string>> = {
  'batch.completed':
    'Sent exactly once each time the batch goes from having rows open to having none. A retry of failed rows opens ' +
    'another round, whose end sends it again: `data.round` is 1, then 2, ...; `data.counts` counts every row by ' +
    'state at that end, `data.creditsCharged` the credits charged so far.',
};

/** "Send test event" sends this one; it reaches an endpoint whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'video.succeeded': 'A video is ready',
  'video.failed': 'A video failed',
  'batch.completed': 'Every video of a batch has ended',
  'speech.succeeded': 'Speech is ready',
  'speech.failed': 'Speech failed',
  'image.succeeded': 'An image is ready',
  'image.failed': 'An image failed',
  'watermark.succeeded': 'A watermark removal is ready',
  'watermark.failed': 'A watermark removal failed',
  'rental.status_changed': 'A GPU rental changed status',
  'payment.succeeded': 'A payment went through',
  'payment.refunded': 'A payment was refunded',
  'credits.low': 'Credits are running low',
};

/** The body every delivery carries (Standard Webhooks' recommended shape); its id is the `webhook-id` header. */
export const webhookPayloadSchema = z.object({
  type: z.union([z.enum(WEBHOOK_EVENTS), z.literal(WEBHOOK_TEST_EVENT)]),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;

const eventsField = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }))
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

/** The URL's shape only; the server also refuses http outside development and private addresses. */
const endpointUrl = textField()
  .trim()
  .max(2048, 'At most 2048 characters')
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full http(s) URL' }));

export const createWebhookEndpointSchema = z.object({
  url: endpointUrl.describe(
    'Where deliveries are POSTed: a full https URL on a public address in production; a local server also takes http and 127.0.0.1. Private and link-local addresses are always refused.',
  ),
  events: eventsField.describe('The events to receive, at least one; see the event list.'),
  description: textField().trim().max(200, 'At most 200 characters').optional().default('').describe('A note for you.'),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;
export type CreateWebhookEndpointRequest = z.output<typeof createWebhookEndpointSchema>;

/** Change an endpoint; `enabled: true` turns back on one that was disabled after failing. */
export const updateWebhookEndpointSchema = z
  .object({
    url: endpointUrl.optional().describe('A new delivery URL.'),
    events: eventsField.optional().describe('The new list of events.'),
    description: textField().trim().max(200, 'At most 200 characters').optional().describe('A new note.'),
    enabled: z
      .boolean()
      .optional()
      .describe('true turns back on an endpoint that was disabled after failing; false pauses it.'),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateWebhookEndpointRequest = z.output<typeof updateWebhookEndpointSchema>;

export const webhookEndpointRecordSchema = z.object({
  id: z.string().describe("The endpoint's id."),
  url: z.string().describe('Where deliveries are POSTed.'),
  description: z.string().describe('Your note.'),
  events: z.array(z.enum(WEBHOOK_EVENTS)).describe('The events it receives.'),
  enabled: z.boolean().describe('Whether deliveries are sent.'),
  /** Why it was turned off (after failing for too long), shown to the user; null while enabled. */
  disabledReason: z
    .string()
    .nullable()
    .describe('Why it was turned off (after failing for too long); null while enabled.'),
  /** When deliveries started failing without a success since; null when the last one went through. */
  failingSince: z
    .string()
    .nullable()
    .describe('When deliveries started failing without a success since; null when the last one went through.'),
  createdAt: z.string().describe('When it was made, ISO 8601.'),
});
export type WebhookEndpointRecord = z.infer<typeof webhookEndpointRecordSchema>;

/** Webhook endpoints one account may have: each event goes to every one subscribed, so more would fan out far. */
export const WEBHOOK_ENDPOINT_LIMIT = 10;
/** Test events one account may send a minute (after a burst of as many): each may hold a delivery slot for 10 s. */
export const WEBHOOK_TESTS_PER_MINUTE = 5;
/** Deliveries one endpoint gets at a time: a slow receiver delays only its own (the worker's fairness.ts). */
export const WEBHOOK_ENDPOINT_CONCURRENCY = 4;

/**
 * Answer of the create: the only time the signing secret ("whsec_…") is shown. A repeat of the create (the same
 * Idempotency-Key) answers the same endpoint with `secret: null`: if the first answer was lost, delete the endpoint
 * and make another.
 */
export const createdWebhookEndpointSchema = webhookEndpointRecordSchema.extend({
  secret: z
    .string()
    .nullable()
    .describe(
      'The signing secret "whsec_…" to verify deliveries, shown this once. null on a repeat of the same Idempotency-Key.',
    ),
});
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointRecordSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.string().describe("The delivery's id."),
  endpointId: z.string().describe('The endpoint it goes to.'),
  /** The event's id (the `webhook-id` header): receivers drop a repeat they have seen. */
  eventId: z.string().describe("The event's id, sent as the webhook-id header: drop a repeat you have seen."),
  eventType: z.string().describe('The event, e.g. "video.succeeded".'),
  /** pending: waiting for its next attempt; failed: every attempt failed (or the endpoint was disabled). */
  status: z
    .enum(DELIVERY_STATUSES)
    .describe('"pending" waits for its next attempt; "failed": every attempt failed (or the endpoint was disabled).'),
  attempts: z.number().int().describe('Attempts made so far.'),
  /** The last attempt's HTTP status; null when it got no answer (timeout, refused, bad address). */
  responseStatus: z
    .number()
    .int()
    .nullable()
    .describe("The last attempt's HTTP status; null when it got no answer (timeout, refused, bad address)."),
  /** The last attempt's time to an answer, in milliseconds. */
  responseMs: z.number().int().nullable().describe("The last attempt's time to an answer, in milliseconds."),
  /** What went wrong on the last attempt, in words. */
  error: z.string().nullable().describe('What went wrong on the last attempt, in words; else null.'),
  createdAt: z.string().describe('When the event happened, ISO 8601.'),
  lastAttemptAt: z.string().nullable().describe('When it was last tried; null before the first attempt.'),
  nextAttemptAt: z.string().nullable().describe('When it will be tried again; null when no attempt is due.'),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /webhooks/endpoints/:id/deliveries?cursor=&limit=`: newest first. */
export const webhookDeliveryQuery = z.object({
  cursor: pageCursor.optional(),
  limit: z.coerce.number().int().min(1, 'At least 1').max(100, 'At most 100').default(20),
});

export const webhookDeliveryPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  nextCursor: z.string().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;
