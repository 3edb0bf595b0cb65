/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP, stateless. Each POST gets a fresh server and transport
 * (nothing is kept between requests, so any API process answers any of them) and JSON answers instead of an event
 * stream: every tool returns in one answer, and a model polls a running job with its get_ tool. GET (the stream of
 * server-initiated messages) and DELETE (ending a session) have nothing to do without sessions: 405.
 *
 * The tools reach the API through `fetch`, the app's own entry, with the caller's Authorization header: each tool
 * call is one ordinary API request, through the same authentication, scopes, rate limits and idempotency.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '~/server/http/context.ts';
import type { ApiAnswer } from './results.ts';
import { type ApiCall, createMcpServer } from './server.ts';

/** The app's own request handler (`app.fetch`); `env` carries the connection, so the caller's address is kept. */
export type ApiFetch = (request: Request, env: unknown) => Response | Promise<Response>;

export const MCP_PATH = '/mcp';
export const API_KEY_REQUIRED = 'Connect with an API key: create one at /account/developers';

/** -32000: JSON-RPC's server-defined error, as the SDK's transport answers HTTP-level refusals. */
const SERVER_ERROR = -32000;

/** The JSON-RPC error an MCP client shows when it may not connect. */
const keyRequired = (c: Context) =>
  c.json({ jsonrpc: '2.0', error: { code: SERVER_ERROR, message: API_KEY_REQUIRED }, id: null }, 401);

/** Whether this authenticated request may use the MCP server: agents connect with an API key, never a session. */
export function connectsWithApiKey(c: Context<AppEnv>): boolean {
  return c.get('apiKey') !== undefined;
}

/**
 * Before authentication: a request without credentials learns how to connect, instead of the browser's "Sign in
 * required".
 */
export const mcpCredentials: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== 'OPTIONS' && !c.req.header('authorization')) return keyRequired(c);
  return next();
};

/** API requests made as the caller of `c`: same credentials, same client address, same request id in the logs. */
function callerOf(c: Context<AppEnv>, fetch: ApiFetch): ApiCall {
  const origin = new URL(c.req.url).origin;
  return async (method, path, body, idempotencyKey) => {
    const headers = new Headers({ 'x-request-id': c.get('requestId') });
    for (const name of ['authorization', 'x-forwarded-for']) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (idempotencyKey !== undefined) headers.set('idempotency-key', idempotencyKey);
    // The caller's signal: a client that hangs up stops work that watches for it (a script being written).
    const request = new Request(new URL(path, origin), {
      method,
      headers,
      signal: c.req.raw.signal,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const response = await fetch(request, c.env);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON (a proxy's error page): kept as text, apiFailure names the status.
    }
    return {
      status: response.status,
      body: parsed,
      retryAfter: response.headers.get('retry-after') ?? undefined,
    } satisfies ApiAnswer;
  };
}

/** Mounted after authentication; `fetch` is the whole app's, so the tools reach every route. */
export function mcpRoutes(fetch: ApiFetch) {
  return new Hono<AppEnv>()
    .post(MCP_PATH, async (c) => {
      if (!connectsWithApiKey(c)) return keyRequired(c);
      const server = createMcpServer(callerOf(c, fetch));
      // No sessionIdGenerator: stateless, no Mcp-Session-Id to keep or check.
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw);
      } finally {
        // The answer is complete JSON by now (no stream): nothing of this request's server is needed again.
        await server.close();
      }
    })
    .on(['GET', 'DELETE'], MCP_PATH, (c) =>
      c.json(
        {
          jsonrpc: '2.0',
          error: { code: SERVER_ERROR, message: 'Method not allowed: this server is stateless, POST only.' },
          id: null,
        },
        405,
        { Allow: 'POST' },
      ),
    );
}
