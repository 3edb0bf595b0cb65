import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';
import type { ServerConfig } from '~/server/config/index.ts';
import { compress, type Encoding, isCompressible, negotiateEncoding, SIBLING_SUFFIX } from './compression';
import { buildCsp, cspSources, inlineScriptHashes } from './csp';
import { NOT_FOUND_FILE, routeRequest } from './routing';

/**
 * Production server for the Astro static build: files with the right caching, precompressed (or once-compressed)
 * bodies, security headers, the designed 404, the app shell for dynamic app routes and the agent landing on
 * `agent.*` hosts.
 */

export interface WebServerOptions {
  port: number;
  /** Interface to bind; by default all interfaces, dual-stack, so `localhost` works over IPv4 and IPv6. */
  host?: string;
  distDir: string;
  /** The API hosts and sign-in setup the pages' Content-Security-Policy has to allow. */
  config: Pick<ServerConfig, 'apiHosts' | 'site'>;
}

export interface WebServer {
  url: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
};

const BASE_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  // Google sign-in uses a popup that must be able to message its opener.
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

function cacheControl(relativePath: string): string {
  // Vite fingerprints everything under dist/_astro/, so a changed file always has a new URL.
  if (relativePath.startsWith('_astro/')) return 'public, max-age=31536000, immutable';
  if (relativePath.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

interface FileInfo {
  absolute: string;
  relative: string;
  size: number;
  mtimeMs: number;
}

interface CachedBody {
  mtimeMs: number;
  body: Buffer;
}

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const distDir = resolve(options.distDir);
  const csp = cspSources(options.config);
  // The build is immutable while the process runs, except in dev loops that rebuild; mtime keys catch that.
  const bodies = new Map<string, CachedBody>();
  const policies = new Map<string, { mtimeMs: number; policy: string }>();

  async function findFile(relative: string): Promise<FileInfo | null> {
    const absolute = resolve(distDir, relative);
    if (absolute !== distDir && !absolute.startsWith(distDir + sep)) return null;
    try {
      const info = await stat(absolute);
      if (!info.isFile()) return null;
      return { absolute, relative, size: info.size, mtimeMs: info.mtimeMs };
    } catch {
      return null;
    }
  }

  async function cached(key: string, mtimeMs: number, load: () => Promise<Buffer>): Promise<Buffer> {
    const hit = bodies.get(key);
    if (hit && hit.mtimeMs === mtimeMs) return hit.body;
    const body = await load();
    bodies.set(key, { mtimeMs, body });
    return body;
  }

  /** The precompressed sibling when the build made one, else a compression computed once. */
  async function encodedBody(file: FileInfo, encoding: Encoding): Promise<Buffer> {
    return cached(`${file.absolute}|${encoding}`, file.mtimeMs, async () => {
      const sibling = await findFile(file.relative + SIBLING_SUFFIX[encoding]);
      if (sibling && sibling.mtimeMs >= file.mtimeMs) return readFile(sibling.absolute);
      return compress(await readFile(file.absolute), encoding);
    });
  }

  async function policyFor(file: FileInfo): Promise<string> {
    const hit = policies.get(file.absolute);
    if (hit && hit.mtimeMs === file.mtimeMs) return hit.policy;
    const html = await readFile(file.absolute, 'utf8');
    const policy = buildCsp(csp, inlineScriptHashes(html));
    policies.set(file.absolute, { mtimeMs: file.mtimeMs, policy });
    return policy;
  }

  async function send(req: IncomingMessage, res: ServerResponse, file: FileInfo, status: number): Promise<void> {
    const headers: Record<string, string | number> = {
      ...BASE_HEADERS,
      'Content-Type': CONTENT_TYPES[extname(file.relative).toLowerCase()] ?? 'application/octet-stream',
      'Cache-Control': cacheControl(file.relative),
    };
    if (file.relative.endsWith('.html')) headers['Content-Security-Policy'] = await policyFor(file);

    const compressible = isCompressible(file.relative, file.size);
    const encoding = compressible ? negotiateEncoding(req.headers['accept-encoding']) : null;
    if (compressible) headers['Vary'] = 'Accept-Encoding';
    const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    headers['ETag'] = etag;
    headers['Last-Modified'] = new Date(file.mtimeMs).toUTCString();

    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }

    if (encoding) {
      const body = await encodedBody(file, encoding);
      headers['Content-Encoding'] = encoding;
      headers['Content-Length'] = body.length;
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    headers['Content-Length'] = file.size;
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file.absolute)
      .on('error', () => res.destroy())
      .pipe(res);
  }

  function sendPlain(res: ServerResponse, status: number, text: string, extra: Record<string, string> = {}): void {
    res.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...extra }).end(text);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendPlain(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const route = routeRequest(rawPath, req.headers.host);
    if (route.kind === 'bad-request') {
      sendPlain(res, 400, 'Bad Request');
      return;
    }
    for (const candidate of route.candidates) {
      const file = await findFile(candidate);
      if (file) return send(req, res, file, 200);
    }
    const notFound = await findFile(NOT_FOUND_FILE);
    if (notFound) return send(req, res, notFound, 404);
    sendPlain(res, 404, 'Not Found');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[web] request failed', req.url, error);
      if (res.headersSent) res.destroy();
      else sendPlain(res, 500, 'Internal Server Error');
    });
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    const onListening = () => {
      server.off('error', rejectListen);
      resolveListen();
    };
    if (options.host) server.listen(options.port, options.host, onListening);
    else server.listen(options.port, onListening);
  });

  const { port } = server.address() as AddressInfo;
  const wildcard = !options.host || options.host === '0.0.0.0' || options.host === '::';
  const displayHost = wildcard ? 'localhost' : options.host!.includes(':') ? `[${options.host}]` : options.host;

  return {
    url: `http://${displayHost}:${port}`,
    close: () =>
      new Promise<void>((resolveClose, rejectClose) => {
        server.close((error) => (error ? rejectClose(error) : resolveClose()));
        server.closeAllConnections();
      }),
  };
}
