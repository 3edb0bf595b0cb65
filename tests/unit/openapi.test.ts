/**
 * The OpenAPI document (src/contract/openapi/) is sound OpenAPI 3.1 and its examples are true: every request
 * example passes the very zod schema the route validates with, every answer example the answer's schema.
 */
import { describe, expect, it } from 'vitest';
import { routeScope } from '~/contract/api-scopes.ts';
import { WEBHOOK_EVENTS } from '~/contract/developers.ts';
import { buildOpenApiDocument } from '~/contract/openapi/document.ts';
import { ENDPOINTS } from '~/contract/openapi/index.ts';
import { openApiPath } from '~/contract/openapi/operation.ts';

const doc = buildOpenApiDocument('https://api.example.com');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op: op as Record<string, any> })),
);

function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item);
      else refs(item, found);
    }
  return found;
}

const resolve = (ref: string): unknown =>
  ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<any>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with a server, bearer security and an operation per catalogue row', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'https://api.example.com' }]);
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth.scheme', 'bearer');
    expect(operations).toHaveLength(ENDPOINTS.length);
    expect(operations.length).toBeGreaterThan(80);
  });

  it('gives every operation a known method, responses with a 2xx, a summary, a tag and a unique operationId', () => {
    const ids = new Set<string>();
    for (const { path, method, op } of operations) {
      expect(METHODS, `${method} ${path}`).toContain(method);
      expect(path.startsWith('/'), path).toBe(true);
      expect(
        Object.keys(op.responses).some((status) => /^2\d\d$/.test(status)),
        `${method} ${path}`,
      ).toBe(true);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.tags).toHaveLength(1);
      expect(ids.has(op.operationId), op.operationId).toBe(false);
      ids.add(op.operationId);
    }
  });

  it('declares every path parameter of a path template, and no other', () => {
    for (const { path, method, op } of operations) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const declared = (op.parameters ?? []).filter((p: any) => p.in === 'path').map((p: any) => p.name);
      expect(declared, `${method} ${path}`).toEqual(inPath);
    }
  });

  it('resolves every $ref', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(0);
    for (const ref of all) expect(resolve(ref), ref).toBeDefined();
  });

  it("states each operation's key scope, from the one scope rule", () => {
    for (const endpoint of ENDPOINTS) {
      const op = doc.paths[openApiPath(endpoint.path)]?.[endpoint.method] as Record<string, any>;
      const scope = endpoint.public
        ? 'none'
        : (endpoint.scope ?? routeScope(endpoint.method.toUpperCase(), endpoint.path));
      expect(op['x-scope'], `${endpoint.method} ${endpoint.path}`).toBe(scope);
    }
    expect(doc.paths['/videos']?.post?.['x-scope']).toBe('create');
    expect(doc.paths['/developer/keys']?.post?.['x-scope']).toBe('session');
    expect(doc.paths['/credits/ledger']?.get?.['x-scope']).toBe('billing:read');
  });

  it('takes an Idempotency-Key on every create that the server runs through the rule', () => {
    const creates = ENDPOINTS.filter((e) => e.idempotent).map((e) => `${e.method} ${e.path}`);
    expect(creates).toEqual(
      expect.arrayContaining(['post /videos', 'post /speech', 'post /images', 'post /scripts', 'post /storyboards']),
    );
    for (const { method, path, op } of operations) {
      const has = (op.parameters ?? []).some((p: any) => p.$ref === '#/components/parameters/IdempotencyKey');
      expect(has, `${method} ${path}`).toBe(creates.includes(`${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`));
      if (has) expect(op.responses).toHaveProperty('409');
    }
  });

  it('says an error body carries the request id only on a 500, the X-Request-Id header on every answer', () => {
    const apiError = doc.components['schemas']!['ApiError'] as { properties: Record<string, { description?: string }> };
    expect(apiError.properties['requestId']?.description).toMatch(/^500 only: .*X-Request-Id header/);
    const examples = Object.values(doc.components['responses']!).map(
      (response) =>
        (response as { content: { 'application/json': { example: object } } }).content['application/json'].example,
    );
    for (const example of examples) expect(Object.keys(example)).not.toContain('requestId');
  });

  it('describes every webhook event with its signature headers', () => {
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENTS]);
    for (const hook of Object.values(doc.webhooks)) {
      const names = ((hook.post?.parameters ?? []) as { name: string }[]).map((p) => p.name);
      expect(names).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    }
  });
});

describe('the catalogue examples', () => {
  it('has a request example for every JSON body, and each passes the schema the route validates with', () => {
    for (const endpoint of ENDPOINTS.filter((e) => e.body)) {
      const body = endpoint.example?.body;
      expect(body, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      const result = endpoint.body!.safeParse(body);
      expect(result.error?.issues ?? [], `${endpoint.method} ${endpoint.path}`).toEqual([]);
    }
  });

  it('has query examples that pass the query schema, and path examples for every path parameter', () => {
    for (const endpoint of ENDPOINTS) {
      const where = `${endpoint.method} ${endpoint.path}`;
      if (endpoint.query) {
        const result = endpoint.query.safeParse(endpoint.example?.query ?? {});
        expect(result.error?.issues ?? [], where).toEqual([]);
      } else expect(endpoint.example?.query, where).toBeUndefined();
      for (const [, name = ''] of endpoint.path.matchAll(/:(\w+)/g))
        expect(endpoint.example?.params?.[name], `${where} :${name}`).toBeTruthy();
    }
  });

  it('has answer examples that pass the answer schema', () => {
    const withExamples = ENDPOINTS.filter((e) => e.answerExample !== undefined);
    expect(withExamples.length).toBeGreaterThan(0);
    for (const endpoint of withExamples) {
      expect(endpoint.answer, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      const result = endpoint.answer!.safeParse(endpoint.answerExample);
      expect(result.error?.issues ?? [], `${endpoint.method} ${endpoint.path}`).toEqual([]);
    }
  });

  it('puts the examples into the document', () => {
    const op = doc.paths['/videos']?.post as Record<string, any>;
    expect(op.requestBody.content['application/json'].example).toMatchObject({ visuals: 'generated' });
    expect(op.requestBody.content['application/json'].schema.required).not.toContain('voiceId');
    expect(op.responses['402']).toEqual({ $ref: '#/components/responses/PaymentRequired' });
  });
});
