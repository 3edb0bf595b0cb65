import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '~/server/web/server';

/** A local stack's sign-in setup: the Auth emulator, the API on its default hosts. */
const config = {
  apiHosts: ['http://127.0.0.1:8787'],
  site: { authEmulatorHost: '127.0.0.1:9099', firebaseAuthDomain: undefined },
};

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(base);
    // A raw path (not a URL) so that encoded dot segments reach the server unnormalised.
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const page = (title: string, extra = '') =>
  `<!doctype html><html><head><title>${title}</title>${extra}</head><body>${'x'.repeat(2000)}</body></html>`;
const INLINE = 'console.log("island loader")';
const ASSET = `export const a = "${'y'.repeat(3000)}";`;

describe('startWebServer', () => {
  let dist: string;
  let server: WebServer;
  const files: Record<string, string> = {
    'index.html': page('Home', `<script>${INLINE}</script><script type="module" src="/_astro/a.js"></script>`),
    'about/index.html': page('About'),
    'nxn-agent/index.html': page('Agent landing'),
    'app-shell/index.html': page('App shell'),
    '404.html': page('Not found page'),
    '_astro/a.B1c2D3.js': ASSET,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  };

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'nxn-web-'));
    for (const [path, body] of Object.entries(files)) {
      await mkdir(dirname(join(dist, path)), { recursive: true });
      await writeFile(join(dist, path), body);
    }
    server = await startWebServer({ config, port: 0, host: '127.0.0.1', distDir: dist });
  });
  afterAll(async () => {
    await server.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves hashed assets as immutable and HTML as no-cache', async () => {
    const asset = await get(server.url, '/_astro/a.B1c2D3.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    const home = await get(server.url, '/');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body.toString()).toContain('<title>Home</title>');
  });

  it('compresses with brotli or gzip as the client accepts, and not at all otherwise', async () => {
    const br = await get(server.url, '/_astro/a.B1c2D3.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(ASSET.length / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET);
    const gz = await get(server.url, '/_astro/a.B1c2D3.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(ASSET);
    const plain = await get(server.url, '/_astro/a.B1c2D3.js', { 'accept-encoding': 'br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('prefers a precompressed sibling written by the build', async () => {
    await writeFile(join(dist, 'about/index.html.gz'), Buffer.from('precompressed-marker'));
    const gz = await get(server.url, '/about', { 'accept-encoding': 'gzip' });
    expect(gz.body.toString()).toBe('precompressed-marker');
  });

  it('sends security headers and a CSP that allows exactly the inline scripts of the page', async () => {
    const home = await get(server.url, '/');
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    expect(home.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const csp = String(home.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    const { createHash } = await import('node:crypto');
    expect(csp).toContain(`'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  });

  it('answers /about and /about/ with the same page', async () => {
    for (const path of ['/about', '/about/']) {
      const reply = await get(server.url, path);
      expect(reply.status).toBe(200);
      expect(reply.body.toString()).toContain('<title>About</title>');
    }
  });

  it('answers unknown paths with the designed 404 page and status 404', async () => {
    for (const path of ['/nope', '/blog/unknown-slug/', '/_astro/missing.js']) {
      const reply = await get(server.url, path);
      expect(reply.status).toBe(404);
      expect(reply.body.toString()).toContain('Not found page');
    }
  });

  it('rejects paths that try to leave the build directory', async () => {
    const reply = await get(server.url, '/%2e%2e/%2e%2e/etc/passwd');
    expect(reply.status).toBe(400);
  });

  it('serves the app shell with 200 for any video or script id', async () => {
    for (const path of ['/nxn-agent/video/abc123', '/script/xyz', '/script/xyz/']) {
      const reply = await get(server.url, path);
      expect(reply.status).toBe(200);
      expect(reply.body.toString()).toContain('App shell');
    }
  });

  it('serves the agent landing for / on an agent.* host', async () => {
    const reply = await get(server.url, '/', { host: 'agent.localhost:4321' });
    expect(reply.status).toBe(200);
    expect(reply.body.toString()).toContain('Agent landing');
    const other = await get(server.url, '/about', { host: 'agent.localhost:4321' });
    expect(other.body.toString()).toContain('<title>About</title>');
  });

  it('revalidates HTML with its ETag', async () => {
    const first = await get(server.url, '/about/');
    const again = await get(server.url, '/about/', { 'if-none-match': String(first.headers['etag']) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await get(server.url, '/', {}, 'POST')).status).toBe(405);
    const head = await get(server.url, '/about', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });
});

describe('startWebServer without an app shell', () => {
  it('answers app routes with 404 when the shell is missing', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'nxn-web-'));
    await writeFile(join(dist, '404.html'), page('Not found page'));
    const server = await startWebServer({ config, port: 0, host: '127.0.0.1', distDir: dist });
    try {
      const reply = await get(server.url, '/nxn-agent/video/abc');
      expect(reply.status).toBe(404);
    } finally {
      await server.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
