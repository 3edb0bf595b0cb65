/**
 * The reference section of /developers, read from the OpenAPI document: per tag, each operation with its scope,
 * parameters, body fields (nested objects as `parent.child` rows), the answer's fields and the request example as code.
 */
import type { OpenApiDocument } from '~/contract/openapi/document.ts';
import { type Field, fieldsOf, type JsonSchema } from '~/contract/openapi/schemas.ts';
import { curl, javascript, pythonRequests, type Sample } from './snippets.ts';

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: JsonSchema;
  example?: string;
  $ref?: string;
}

export interface OperationView {
  id: string;
  tag: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  scope: string;
  params: (Field & { in: string })[];
  body?: { type: string; description?: string | undefined; fields: Field[] };
  status: string;
  /** Every other status the route answers, with when (a repeat's 200, its errors), as the document lists them. */
  otherAnswers: { status: string; description: string }[];
  /** The answer's top-level fields, where the contract has a JSON schema for it. */
  answer: Field[];
  samples: { label: string; code: string }[];
}

/** The parts of an operation object (document.ts `operation`) this page reads. */
interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  'x-scope': string;
  parameters?: Parameter[];
  requestBody?: { description?: string; content: Record<string, { schema: JsonSchema; example?: unknown }> };
  responses: Record<string, { $ref?: string; description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

/**
 * The route's success status: its one 2xx, or where an Idempotency-Key's repeat adds a 200, the other one (numeric
 * keys come in ascending order, so the first 2xx would be the repeat's).
 */
function successStatus(op: Operation): string {
  const codes = Object.keys(op.responses).filter((code) => code.startsWith('2'));
  return codes.find((code) => code !== '200') ?? codes[0] ?? '200';
}

function otherAnswers(op: Operation, doc: OpenApiDocument): OperationView['otherAnswers'] {
  const primary = successStatus(op);
  return Object.entries(op.responses)
    .filter(([code]) => code !== primary)
    .map(([status, answer]) => {
      const shared = answer.$ref ? doc.components.responses?.[answer.$ref.split('/').pop() ?? ''] : undefined;
      return {
        status,
        description: String((shared as { description?: string })?.description ?? answer.description ?? ''),
      };
    });
}

function sample(method: string, path: string, op: Operation, base: string): Sample {
  const params = op.parameters ?? [];
  let url = path;
  for (const p of params.filter((p) => p.in === 'path')) url = url.replace(`{${p.name}}`, String(p.example ?? p.name));
  const query = params.filter((p) => p.in === 'query' && p.example !== undefined);
  if (query.length > 0) url += `?${new URLSearchParams(query.map((p) => [p.name, String(p.example)]))}`;
  const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  const status = successStatus(op);
  const answer = op.responses[status];
  const json = type === 'application/json' ? (media?.example ?? {}) : undefined;
  return {
    method: method.toUpperCase(),
    url: base + url,
    auth: op['x-scope'] !== 'none',
    idempotent: params.some((p) => p.$ref?.endsWith('/IdempotencyKey')),
    headers: Object.fromEntries(params.filter((p) => p.in === 'header').map((p) => [p.name, String(p.example)])),
    ...(json !== undefined ? { json } : type ? { raw: type } : {}),
    answer:
      status === '204' ? 'none' : Object.keys(answer?.content ?? {})[0] === 'application/json' ? 'json' : 'binary',
  };
}

function view(method: string, path: string, op: Operation, doc: OpenApiDocument): OperationView {
  const base = doc.servers[0]?.url ?? '';
  const params = (op.parameters ?? [])
    .filter((p) => !p.$ref && p.in !== 'header')
    .map((p) => ({
      ...fieldsOf({ properties: { [p.name]: p.schema }, required: p.required ? [p.name] : [] })[0]!,
      in: p.in,
    }));
  const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  const request = sample(method, path, op, base);
  const status = successStatus(op);
  return {
    id: op.operationId,
    tag: op.tags[0] ?? '',
    method: method.toUpperCase(),
    path,
    summary: op.summary,
    // The document ends every description with its scope sentence for other readers; the page shows `scope` itself.
    description: op.description.split('\n\n').slice(0, -1).join('\n\n'),
    scope: op['x-scope'],
    params,
    ...(type
      ? { body: { type, description: op.requestBody?.description, fields: fieldsOf(media?.schema, true) } }
      : {}),
    status,
    otherAnswers: otherAnswers(op, doc),
    // A list's records are what a caller reads, so `items[].*` are listed; other nested fields stay one row each.
    answer: fieldsOf(op.responses[status]?.content?.['application/json']?.schema, (name) => name === 'items'),
    samples: [
      { label: 'curl', code: curl(request) },
      { label: 'JavaScript', code: javascript(request) },
      { label: 'Python', code: pythonRequests(request) },
    ],
  };
}

export function referenceByTag(doc: OpenApiDocument): { tag: string; operations: OperationView[] }[] {
  const all = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => view(method, path, op as unknown as Operation, doc)),
  );
  return doc.tags.map(({ name }) => ({
    tag: name,
    operations: all.filter((op) => op.tag === name),
  }));
}

/** Escapes text and turns `code` spans into <code>. */
export const inlineCode = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/`([^`]+)`/g, '<code>$1</code>');

export const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
