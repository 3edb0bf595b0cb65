/** The developer platform itself: API keys, webhook endpoints and their delivery log, the MCP server, this reference. */
import {
  apiKeyListSchema,
  createApiKeySchema,
  createdApiKeySchema,
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_ENDPOINT_LIMIT,
  WEBHOOK_TESTS_PER_MINUTE,
  webhookDeliveryPageSchema,
  webhookDeliveryQuery,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointRecordSchema,
} from '../developers.ts';
import { type Endpoint, ID } from './types.ts';

const byId = { params: { id: ID } };
const SESSION = 'Managed from a signed-in session (the Developers screen); an API key cannot manage keys or webhooks.';

const keys: Endpoint[] = [
  {
    method: 'get',
    path: '/developer/keys',
    tag: 'API keys',
    summary: 'Your API keys',
    description: SESSION,
    answer: apiKeyListSchema,
    status: 200,
  },
  {
    method: 'post',
    path: '/developer/keys',
    tag: 'API keys',
    summary: 'Create an API key',
    description: `${SESSION} The answer's \`secret\` is the only time the whole key is shown.`,
    body: createApiKeySchema,
    answer: createdApiKeySchema,
    idempotent: true,
    status: 201,
    example: { body: { name: 'CMS integration', scopes: ['read', 'create'] } },
    answerExample: {
      id: ID,
      name: 'CMS integration',
      prefix: 'nxn_sk_Ab12Cd',
      scopes: ['read', 'create'],
      createdAt: '2026-11-26T12:00:00.000Z',
      lastUsedAt: null,
      revokedAt: null,
      secret: 'nxn_sk_Ab12Cd3456789012345678901234567890123456789',
    },
  },
  {
    method: 'delete',
    path: '/developer/keys/:id',
    tag: 'API keys',
    summary: 'Revoke an API key',
    description: `${SESSION} Requests with it get 401 from the next one on.`,
    status: 204,
    example: byId,
  },
];

const webhooks: Endpoint[] = [
  {
    method: 'get',
    path: '/webhooks/endpoints',
    tag: 'Webhooks',
    summary: 'Your webhook endpoints',
    description: SESSION,
    answer: webhookEndpointListSchema,
    status: 200,
  },
  {
    method: 'post',
    path: '/webhooks/endpoints',
    tag: 'Webhooks',
    summary: 'Add a webhook endpoint',
    description:
      `${SESSION} The answer's \`secret\` (whsec_...) is shown only here: a repeat of the same Idempotency-Key ` +
      'answers the endpoint with `secret: null`. In production the URL must be https on a public address. A local ' +
      'server (`npm start`) also accepts http and this machine (127.0.0.1, ::1), for a receiver on your own ' +
      'computer; private and link-local addresses are refused by both. An account may have ' +
      `${WEBHOOK_ENDPOINT_LIMIT} endpoints (400 naming \`url\` past that).`,
    body: createWebhookEndpointSchema,
    answer: createdWebhookEndpointSchema,
    idempotent: true,
    status: 201,
    example: {
      body: { url: 'https://example.com/hooks/nxn', events: ['video.succeeded', 'video.failed'], description: 'CMS' },
    },
  },
  {
    method: 'patch',
    path: '/webhooks/endpoints/:id',
    tag: 'Webhooks',
    summary: 'Change an endpoint',
    description: `${SESSION} \`enabled: true\` turns back on an endpoint that was disabled after failing.`,
    body: updateWebhookEndpointSchema,
    answer: webhookEndpointRecordSchema,
    status: 200,
    example: { ...byId, body: { events: ['video.succeeded'], enabled: true } },
  },
  {
    method: 'delete',
    path: '/webhooks/endpoints/:id',
    tag: 'Webhooks',
    summary: 'Delete an endpoint',
    description: SESSION,
    status: 204,
    example: byId,
  },
  {
    method: 'post',
    path: '/webhooks/endpoints/:id/test',
    tag: 'Webhooks',
    summary: 'Send a test event',
    description:
      `${SESSION} Sends \`webhook.test\` to the endpoint whatever it subscribed to. ` +
      `Up to ${WEBHOOK_TESTS_PER_MINUTE} a minute per account (then 429 with Retry-After).`,
    answer: webhookDeliverySchema,
    status: 202,
    errors: { 409: 'The endpoint is turned off: turn it on before sending to it' },
    example: byId,
  },
  {
    method: 'get',
    path: '/webhooks/endpoints/:id/deliveries',
    tag: 'Webhooks',
    summary: "An endpoint's delivery log, newest first",
    description: SESSION,
    query: webhookDeliveryQuery,
    answer: webhookDeliveryPageSchema,
    paged: true,
    status: 200,
    example: { ...byId, query: { limit: '20' } },
  },
  {
    method: 'post',
    path: '/webhooks/deliveries/:id/resend',
    tag: 'Webhooks',
    summary: 'Send a delivery again',
    description: `${SESSION} The same event id, so a receiver that saw it already drops it.`,
    answer: webhookDeliverySchema,
    status: 202,
    errors: { 409: 'The endpoint is turned off: turn it on before sending to it' },
    example: byId,
  },
];

const mcp: Endpoint[] = [
  {
    method: 'post',
    path: '/mcp',
    tag: 'MCP',
    summary: 'The MCP endpoint (Model Context Protocol, Streamable HTTP)',
    description:
      'For MCP clients and AI agents: JSON-RPC messages as the Model Context Protocol says, authenticated by an ' +
      'API key (a session token is refused). Its tools make videos, speech, images and scripts, list voices and ' +
      'read the balance, each as one request to this API with the same scopes, prices and errors. Stateless: ' +
      'answers are JSON, with no session id.',
    rawBody: { contentType: 'application/json', description: 'A JSON-RPC message of the Model Context Protocol.' },
    answerType: 'application/json',
    status: 200,
    example: {
      headers: { Accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_balance' } },
    },
  },
];

const reference: Endpoint[] = [
  {
    method: 'get',
    path: '/openapi.json',
    tag: 'Reference',
    summary: 'This document',
    answerType: 'application/json',
    public: true,
    status: 200,
  },
];

export const developerEndpoints: Endpoint[] = [...keys, ...webhooks, ...mcp, ...reference];
