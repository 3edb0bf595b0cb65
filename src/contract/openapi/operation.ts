/** One catalogue row as an OpenAPI operation: parameters, body, answers, the scope it needs and its errors. */
import { routeScope } from '../api-scopes.ts';
import { bodySchema, type JsonSchema, jsonSchema } from './schemas.ts';
import type { Endpoint } from './types.ts';

/** `/videos/:id` → `/videos/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const words = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capital)
    .join('');

/** `get /videos/:id/cancel` → `getVideosByIdCancel`. */
export const operationId = (endpoint: Endpoint): string =>
  endpoint.method +
  endpoint.path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? `By${capital(segment.slice(1))}` : words(segment)))
    .join('');

export const scopeOf = (endpoint: Endpoint): string =>
  endpoint.public ? 'none' : (endpoint.scope ?? routeScope(endpoint.method.toUpperCase(), endpoint.path));

export function scopeSentence(endpoint: Endpoint): string {
  const scope = scopeOf(endpoint);
  if (scope === 'none') return 'No authentication needed.';
  if (scope === 'session') return 'Needs a signed-in session: API keys are refused.';
  return `API key scope: \`${scope}\`.`;
}

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function errors(endpoint: Endpoint): Record<string, unknown> {
  const answers: Record<string, unknown> = {};
  if (endpoint.body || endpoint.query || endpoint.idempotent || endpoint.rawBody) answers['400'] = ref('BadRequest');
  if (!endpoint.public) answers['401'] = ref('Unauthorized');
  if (endpoint.charges) answers['402'] = ref('PaymentRequired');
  if (!endpoint.public) answers['403'] = ref('Forbidden');
  if (endpoint.path.includes(':')) answers['404'] = ref('NotFound');
  if (endpoint.idempotent) answers['409'] = ref('Conflict');
  if (endpoint.body || endpoint.rawBody) answers['413'] = ref('PayloadTooLarge');
  answers['429'] = ref('TooManyRequests');
  if (endpoint.charges) answers['503'] = ref('ServiceUnavailable');
  for (const [status, description] of Object.entries(endpoint.errors ?? {}))
    answers[status] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
  return answers;
}

function success(endpoint: Endpoint): Record<string, unknown> {
  const description = endpoint.status === 202 ? 'Accepted: the work is queued' : 'OK';
  if (endpoint.status === 204) return { '204': { description: 'Done; no body' } };
  if (endpoint.answer) {
    const media: Record<string, unknown> = { schema: jsonSchema(endpoint.answer, 'output') };
    if (endpoint.answerExample !== undefined) media.example = endpoint.answerExample;
    const answers = { [endpoint.status]: { description, content: { 'application/json': media } } };
    // A repeat of the same Idempotency-Key answers 200 with the first answer (a secret in it is not kept: null).
    if (endpoint.idempotent && endpoint.status !== 200)
      answers['200'] = {
        description: 'A repeat of the same Idempotency-Key: the first answer again, and nothing done again',
        content: { 'application/json': { schema: media.schema } },
      };
    return answers;
  }
  const type = endpoint.answerType ?? 'application/json';
  const schema = type === 'application/json' ? { type: 'object' } : { type: 'string', format: 'binary' };
  return { [endpoint.status]: { description, content: { [type]: { schema } } } };
}

function parameters(endpoint: Endpoint): unknown[] {
  const params: unknown[] = [];
  for (const [, name = ''] of endpoint.path.matchAll(/:(\w+)/g)) {
    const example = endpoint.example?.params?.[name];
    params.push({ name, in: 'path', required: true, schema: { type: 'string' }, ...(example ? { example } : {}) });
  }
  const query: JsonSchema | undefined = endpoint.query && jsonSchema(endpoint.query, 'input');
  const required = new Set(query?.required ?? []);
  for (const [name, schema] of Object.entries(query?.properties ?? {})) {
    const example = endpoint.example?.query?.[name];
    params.push({
      name,
      in: 'query',
      required: required.has(name),
      schema,
      ...(schema.description ? { description: schema.description } : {}),
      ...(example !== undefined ? { example } : {}),
    });
  }
  for (const [name, example] of Object.entries(endpoint.example?.headers ?? {}))
    params.push({ name, in: 'header', required: true, schema: { type: 'string' }, example });
  if (endpoint.idempotent) params.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return params;
}

function requestBody(endpoint: Endpoint): unknown {
  const schema = bodySchema(endpoint);
  if (schema) {
    const example = endpoint.example?.body;
    return {
      required: true,
      content: { 'application/json': { schema, ...(example !== undefined ? { example } : {}) } },
    };
  }
  if (!endpoint.rawBody) return undefined;
  const { contentType, description } = endpoint.rawBody;
  const raw =
    contentType === 'multipart/form-data'
      ? { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] }
      : contentType === 'application/json'
        ? { type: 'object' }
        : { type: 'string', format: 'binary' };
  const example = endpoint.example?.body;
  const media = { schema: raw, ...(example !== undefined ? { example } : {}) };
  return { required: true, description, content: { [contentType]: media } };
}

export function operation(endpoint: Endpoint): Record<string, unknown> {
  const scope = scopeOf(endpoint);
  const body = requestBody(endpoint);
  const params = parameters(endpoint);
  return {
    operationId: operationId(endpoint),
    summary: endpoint.summary,
    description: [endpoint.description, scopeSentence(endpoint)].filter(Boolean).join('\n\n'),
    tags: [endpoint.tag],
    'x-scope': scope,
    ...(endpoint.public ? { security: [] } : {}),
    ...(endpoint.signedLink ? { security: [{ bearerAuth: [] }, {}] } : {}),
    ...(endpoint.paged ? { 'x-paged': true } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { ...success(endpoint), ...errors(endpoint) },
  };
}
