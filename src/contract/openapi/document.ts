/**
 * The OpenAPI 3.1 document of the API, built from the endpoint catalogue and the contract's zod schemas (never
 * written by hand). Served at `GET /openapi.json` and rendered by the site's `/developers` page.
 */

import { ApiError } from '../api.ts';
import { missingScopeMessage } from '../api-scopes.ts';
import {
  API_KEY_PREFIX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_NOTES,
  WEBHOOK_EVENTS,
  webhookPayloadSchema,
} from '../developers.ts';
import { ENDPOINTS } from './index.ts';
import { openApiPath, operation } from './operation.ts';
import { jsonSchema } from './schemas.ts';

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  webhooks: Record<string, Record<string, Record<string, unknown>>>;
  components: Record<string, Record<string, unknown>>;
  security: Record<string, string[]>[];
}

const error = (description: string, example: unknown, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' }, example } },
});

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
};

const responses = {
  BadRequest: error('The request does not fit: one message per field (a dotted path)', {
    error: 'Invalid input',
    fields: { script: 'Keep the script under 12,000 characters.' },
  }),
  Unauthorized: error('No token or key, or one that expired or was revoked', { error: 'Unauthorized' }),
  PaymentRequired: error('Not enough credits: the price and the spendable balance', {
    error: 'Not enough credits',
    needed: 120,
    available: 40,
  }),
  Forbidden: error("Outside the key's scopes, or a session-only route called with a key", {
    error: missingScopeMessage('create'),
  }),
  NotFound: error('Not found, or not yours', { error: 'Video not found' }),
  Conflict: error('The Idempotency-Key was used for another request, or the thing changed meanwhile', {
    error: 'This Idempotency-Key was already used for another request; send a new key with a new request.',
  }),
  PayloadTooLarge: error('The body is larger than this route takes (the message says the limit)', {
    error: 'Images can be up to 15 MB each.',
  }),
  TooManyRequests: error(
    'Too many requests: wait Retry-After seconds',
    { error: 'Too many requests, please slow down' },
    retryAfter,
  ),
  ServiceUnavailable: error(
    'This server cannot do it now (no worker with the tools it needs)',
    { error: 'Videos cannot be made right now' },
    retryAfter,
  ),
};

const signatureHeaders = [
  ['webhook-id', 'The event id: the same on every retry, so drop one you have seen', 'msg_2b9f8c1e'],
  ['webhook-timestamp', 'Unix seconds when this attempt was signed; refuse old ones', '1795694400'],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 of "id.timestamp.body"> (Standard Webhooks)',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ],
].map(([name, description, example]) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
}));

function webhooks(): OpenApiDocument['webhooks'] {
  const payload = jsonSchema(webhookPayloadSchema, 'output');
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          operationId: `webhook${type.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase())}`,
          summary: WEBHOOK_EVENT_LABELS[type],
          description: [
            `Sent to your endpoints subscribed to \`${type}\`, signed as Standard Webhooks says.`,
            WEBHOOK_EVENT_NOTES[type],
          ]
            .filter(Boolean)
            .join(' '),
          tags: ['Webhooks'],
          parameters: signatureHeaders,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: payload,
                example: {
                  type,
                  timestamp: '2026-11-26T12:00:00.000Z',
                  data: { id: '3f1c9a7e-2b4d-4c8e-9f10-5a6b7c8d9e0f' },
                },
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx within 10 seconds marks the delivery done; anything else is retried' },
          },
        },
      },
    ]),
  );
}

function paths(): OpenApiDocument['paths'] {
  const out: OpenApiDocument['paths'] = {};
  for (const endpoint of ENDPOINTS) {
    const path = openApiPath(endpoint.path);
    out[path] ??= {};
    out[path][endpoint.method] = operation(endpoint);
  }
  return out;
}

export function buildOpenApiDocument(serverUrl: string): OpenApiDocument {
  return {
    openapi: '3.1.0',
    info: {
      title: 'NXN API',
      version: '1',
      description:
        'Make videos, speech, images and scripts, rent GPUs and read your credits. Authenticate with an API key ' +
        `(\`Authorization: Bearer ${API_KEY_PREFIX}...\`) made on the Developers screen.`,
    },
    servers: [{ url: serverUrl }],
    tags: [...new Set(ENDPOINTS.map((endpoint) => endpoint.tag))].map((name) => ({ name })),
    security: [{ bearerAuth: [] }],
    paths: paths(),
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: `An API key (${API_KEY_PREFIX}...) or a signed-in session's ID token.`,
        },
      },
      schemas: { ApiError: jsonSchema(ApiError, 'output'), WebhookPayload: jsonSchema(webhookPayloadSchema, 'output') },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description:
            'Up to 200 characters. The same key with the same request answers 200 with the first answer and does ' +
            'nothing again; the same key with another request is a 409; a malformed key is a 400.',
          schema: { type: 'string', minLength: 1, maxLength: 200 },
          example: 'order-1234-video',
        },
      },
      responses,
    },
  };
}
