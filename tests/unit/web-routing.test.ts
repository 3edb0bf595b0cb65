import { describe, expect, it } from 'vitest';
import { canonicalUrl } from '~/layouts/meta';
import { loadConfig } from '~/server/config/index.ts';
import { negotiateEncoding } from '~/server/web/compression';
import { buildCsp, cspSources, inlineScriptHashes } from '~/server/web/csp';
import { routeRequest } from '~/server/web/routing';

describe('web routing', () => {
  it('maps directory-style paths to index.html, with or without the slash', () => {
    expect(routeRequest('/about', undefined)).toEqual({ kind: 'files', candidates: ['about', 'about/index.html'] });
    expect(routeRequest('/about/', undefined)).toEqual({ kind: 'files', candidates: ['about/index.html'] });
    expect(routeRequest('/', 'localhost:4321')).toEqual({ kind: 'files', candidates: ['index.html'] });
  });

  it('answers / with the agent landing on any host containing "agent."', () => {
    for (const host of ['agent.localhost:4321', 'agent.nxn.ai', 'my-agent.example.com']) {
      expect(routeRequest('/', host)).toEqual({ kind: 'files', candidates: ['nxn-agent/index.html'] });
    }
    expect(routeRequest('/', 'agentsmith.example.com')).toEqual({ kind: 'files', candidates: ['index.html'] });
    expect(routeRequest('/blog', 'agent.nxn.ai')).toEqual({ kind: 'files', candidates: ['blog', 'blog/index.html'] });
  });

  it('gives dynamic app routes the app shell for any id, but not their parents', () => {
    for (const path of [
      '/nxn-agent/video/v_1',
      '/nxn-agent/video/v_1/',
      '/nxn-agent/storyboard/b_1',
      '/nxn-agent/batch/b_1',
      '/script/abc',
    ]) {
      expect(routeRequest(path, undefined)).toEqual({ kind: 'files', candidates: ['app-shell/index.html'] });
    }
    expect(routeRequest('/nxn-agent/video/a/b', undefined)).not.toEqual({
      kind: 'files',
      candidates: ['app-shell/index.html'],
    });
    expect(routeRequest('/script', undefined)).toEqual({ kind: 'files', candidates: ['script', 'script/index.html'] });
  });

  it('rejects traversal, NUL bytes, backslashes and broken escapes', () => {
    for (const path of ['/../etc/passwd', '/a/%2e%2e/b', '/a%00', '/a\\b', '/%E0%A4%A']) {
      expect(routeRequest(path, undefined), path).toEqual({ kind: 'bad-request' });
    }
  });
});

describe('content negotiation', () => {
  it('prefers brotli, falls back to gzip and honours q=0', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('content security policy', () => {
  it('hashes inline scripts only', () => {
    const html = '<script>a()</script><script type="module" src="/x.js"></script><script type="module">b()</script>';
    expect(inlineScriptHashes(html)).toHaveLength(2);
  });

  it('allows the API hosts, the Auth emulator and Google sign-in, and forbids framing', () => {
    const sources = cspSources(
      loadConfig({ FILE_URL_SECRET: 'test', PUBLIC_API_HOSTS: 'http://127.0.0.1:8787,https://api.example.com/v1' }),
    );
    const csp = buildCsp(sources, ["'sha256-abc'"]);
    expect(csp).toContain("script-src 'self' 'sha256-abc' https://apis.google.com");
    expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:8787[^;]*https:\/\/api\.example\.com/);
    expect(csp).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:9099/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/\*\.firebaseapp\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('leaves the emulator out once a real Firebase project is configured', () => {
    const sources = cspSources(
      loadConfig({
        FILE_URL_SECRET: 'test',
        PUBLIC_FIREBASE_API_KEY: 'key',
        PUBLIC_FIREBASE_AUTH_DOMAIN: 'nxn.example.com',
        PUBLIC_API_HOSTS: 'https://api.nxn.ai',
      }),
    );
    const csp = buildCsp(sources, []);
    expect(csp).not.toContain('9099');
    expect(csp).toMatch(/frame-src [^;]*https:\/\/nxn\.example\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.nxn\.ai/);
  });
});

describe('canonical URLs', () => {
  it('drops trailing slashes so /about and /about/ share one canonical', () => {
    const site = new URL('https://nxn.ai');
    expect(canonicalUrl('/about/', site)).toBe('https://nxn.ai/about');
    expect(canonicalUrl('/about', site)).toBe('https://nxn.ai/about');
    expect(canonicalUrl('/', site)).toBe('https://nxn.ai/');
    expect(canonicalUrl('/blog/tts-tools/index.html', site)).toBe('https://nxn.ai/blog/tts-tools');
  });
});
