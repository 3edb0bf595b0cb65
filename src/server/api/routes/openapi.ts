import { Hono } from 'hono';
import { buildOpenApiDocument } from '~/contract/openapi/document.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { linkBase } from '~/server/storage/links.ts';

/**
 * `GET /openapi.json`, public: the API's OpenAPI document, built once per base URL and kept. The base is
 * PUBLIC_API_URL, or the request's origin when it is one the API is configured to be reached at (like file links:
 * the Host header is the client's to choose).
 */
export function openApiRoutes({ config }: Pick<ApiDeps, 'config'>) {
  const documents = new Map<string, string>();
  return new Hono<AppEnv>().get('/openapi.json', (c) => {
    const base = linkBase(config, new URL(c.req.url).origin);
    let body = documents.get(base);
    if (body === undefined) {
      body = JSON.stringify(buildOpenApiDocument(base));
      documents.set(base, body);
    }
    return c.body(body, 200, { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=300' });
  });
}
