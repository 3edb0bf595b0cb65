import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config/index.ts';
import { linkKeyFile, readOrCreateLinkKey } from '~/server/config/link-key.ts';
import { contentDisposition, downloadHeaders, isInlineSafe } from '~/server/storage/download-headers.ts';
import { fileLinker, linkBase, signedFileLink } from '~/server/storage/links.ts';
import { LINK_SECONDS, signFile, verifyFileSignature } from '~/server/storage/signing.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-links-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('signed file links', () => {
  const secret = 'test-secret';
  it('accepts the link it made until it expires', () => {
    const { exp, sig, expiresAt } = signFile(secret, 'file-1', 1_000);
    expect(expiresAt).toBe(1_000 + LINK_SECONDS);
    expect(verifyFileSignature(secret, 'file-1', exp, sig, 1_000)).toBe(true);
    expect(verifyFileSignature(secret, 'file-1', exp, sig, expiresAt)).toBe(true);
    expect(verifyFileSignature(secret, 'file-1', exp, sig, expiresAt + 1)).toBe(false);
  });
  it('rejects it for another file, another expiry or another secret', () => {
    const { exp, sig } = signFile(secret, 'file-1', 1_000);
    expect(verifyFileSignature(secret, 'file-2', exp, sig, 1_000)).toBe(false);
    expect(verifyFileSignature(secret, 'file-1', String(Number(exp) + 1), sig, 1_000)).toBe(false);
    expect(verifyFileSignature('other', 'file-1', exp, sig, 1_000)).toBe(false);
    expect(verifyFileSignature(secret, 'file-1', 'abc', sig, 1_000)).toBe(false);
  });
  it('refuses a correctly signed link that expires later than any link the server makes', () => {
    // What someone holding the key (or a leaked default) would forge: a link good for a century.
    const forge = (exp: number) => createHmac('sha256', secret).update(`file-1.${exp}`).digest('base64url');
    const now = 1_700_000_000;
    const century = now + 100 * 365 * 24 * 3600;
    expect(verifyFileSignature(secret, 'file-1', String(century), forge(century), now)).toBe(false);
    expect(
      verifyFileSignature(secret, 'file-1', String(now + 2 * LINK_SECONDS), forge(now + 2 * LINK_SECONDS), now),
    ).toBe(false);
    // A server whose clock is a little ahead still makes links this one accepts.
    expect(
      verifyFileSignature(secret, 'file-1', String(now + LINK_SECONDS + 30), forge(now + LINK_SECONDS + 30), now),
    ).toBe(true);
  });
});

describe('where signed links point', () => {
  const config = {
    publicApiUrl: undefined,
    apiHosts: ['http://127.0.0.1:8787', 'http://127.0.0.1:8788'],
    apiPort: 8787,
    fileUrlSecret: 'k',
  };
  it('uses PUBLIC_API_URL whenever it is set', () => {
    expect(linkBase({ ...config, publicApiUrl: 'https://api.example.com' }, 'http://127.0.0.1:8787')).toBe(
      'https://api.example.com',
    );
  });
  it('keeps the origin the browser used when it is one the API is configured to be reached at', () => {
    expect(linkBase(config, 'http://127.0.0.1:8788')).toBe('http://127.0.0.1:8788');
    expect(linkBase(config, 'http://localhost:8787')).toBe('http://localhost:8787');
    expect(linkBase({ ...config, apiPort: 9100 }, 'http://localhost:9100')).toBe('http://localhost:9100');
    expect(linkBase({ ...config, apiHosts: ['https://api.nxn.ai'] }, 'https://api.nxn.ai')).toBe('https://api.nxn.ai');
  });
  it('never points links at a host the request named but the configuration does not', () => {
    expect(linkBase(config, 'http://evil.example')).toBe('http://127.0.0.1:8787');
    expect(linkBase(config, 'http://127.0.0.1:9999')).toBe('http://127.0.0.1:8787');
    expect(linkBase({ ...config, apiHosts: ['https://api.nxn.ai'] }, 'https://evil.example')).toBe(
      'https://api.nxn.ai',
    );
    expect(linkBase({ ...config, apiHosts: ['http://localhost:8787'] }, 'http://evil.example')).toBe(
      'http://localhost:8787',
    );
    const url = new URL(fileLinker(config, 'http://evil.example', 0)('file-1'));
    expect(url.origin).toBe('http://127.0.0.1:8787');
  });
  it('hands out links that last the link lifetime', () => {
    const link = signedFileLink(config, 'http://127.0.0.1:8787', 'file-1', 1_000_000);
    expect(link.expiresAt).toBe(new Date((1_000 + LINK_SECONDS) * 1000).toISOString());
    expect(new URL(link.url).searchParams.get('exp')).toBe(String(1_000 + LINK_SECONDS));
  });
  it('reads the trusted origins from PUBLIC_API_HOSTS, the list the browser build uses', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).apiHosts).toEqual(['http://127.0.0.1:8787', 'http://127.0.0.1:8788']);
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_API_HOSTS: 'https://api.nxn.ai/, https://api2.nxn.ai' }).apiHosts,
    ).toEqual(['https://api.nxn.ai', 'https://api2.nxn.ai']);
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_API_HOSTS: 'api.nxn.ai' })).toThrow(/PUBLIC_API_HOSTS/);
  });
});

describe('the key signing download links', () => {
  it('is random per data directory and the same on every start, never a fixed default', () => {
    const [a, b] = [tempDir(), tempDir()];
    const first = loadConfig({ DATA_DIR: a }).fileUrlSecret;
    expect(first).not.toBe('nxn-local-development-only');
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(loadConfig({ DATA_DIR: a }).fileUrlSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: b }).fileUrlSecret).not.toBe(first);
    expect(fs.statSync(linkKeyFile(a)).mode & 0o777).toBe(0o600);
  });
  it('comes from FILE_URL_SECRET when set, which production requires', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, FILE_URL_SECRET: 'configured' }).fileUrlSecret).toBe('configured');
    expect(fs.existsSync(linkKeyFile(dataDir))).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production' })).toThrow(/FILE_URL_SECRET/);
    expect(fs.existsSync(linkKeyFile(dataDir))).toBe(false);
  });
  it('refuses a key file that was cut short instead of signing with it', () => {
    const file = linkKeyFile(tempDir());
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, '\n');
    expect(() => readOrCreateLinkKey(file)).toThrow(/delete it/);
  });
  it('is the same for processes that start at once on a new data directory', async () => {
    const file = linkKeyFile(tempDir());
    const startAt = Date.now() + 1_500;
    // Each process waits for the same instant, then reads or creates the key.
    const script = `const { readOrCreateLinkKey } = await import(${JSON.stringify(path.resolve('src/server/config/link-key.ts'))});
      await new Promise((r) => setTimeout(r, ${startAt} - Date.now()));
      process.stdout.write(readOrCreateLinkKey(process.argv[1]));`;
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, file]);
    const keys = (await Promise.all(Array.from({ length: 6 }, run))).map((r) => r.stdout);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBe(fs.readFileSync(file, 'utf8').trim());
    expect(fs.readdirSync(path.dirname(file))).toEqual(['file-url.key']);
  });
});

describe('download headers', () => {
  it('names files in any script: an ASCII fallback plus the exact UTF-8 name (RFC 6266/5987)', () => {
    expect(contentDisposition('inline', 'clip.mp4')).toBe('inline; filename="clip.mp4"');
    expect(contentDisposition('attachment', 'Привет мир.mp3')).toBe(
      `attachment; filename="______ ___.mp3"; filename*=UTF-8''%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82%20%D0%BC%D0%B8%D1%80.mp3`,
    );
    expect(contentDisposition('inline', 'café résumé.png')).toBe(
      `inline; filename="cafe resume.png"; filename*=UTF-8''caf%C3%A9%20r%C3%A9sum%C3%A9.png`,
    );
    expect(contentDisposition('inline', '動画🎬.mp4')).toBe(
      `inline; filename="___.mp4"; filename*=UTF-8''%E5%8B%95%E7%94%BB%F0%9F%8E%AC.mp4`,
    );
  });
  it('keeps quotes, separators and control characters out of the header', () => {
    const header = contentDisposition('attachment', 'a"b\\c/d\r\ne%(x)*\'.txt');
    expect(header).toBe(
      `attachment; filename="a_b_c_d__e_(x)*'.txt"; filename*=UTF-8''a%22b_c_d__e%25%28x%29%2A%27.txt`,
    );
    // Every value must be sendable as an HTTP header (Latin-1 at most; here plain ASCII).
    for (const name of ['Привет.txt', '動画🎬.mp4', 'naïve.pdf', ''])
      expect(contentDisposition('attachment', name)).toMatch(/^[\x20-\x7e]+$/);
    expect(contentDisposition('attachment', '  ')).toBe('attachment; filename="download"');
  });
  it('shows only plain media inline; everything else downloads, sandboxed', () => {
    for (const type of [
      'image/png',
      'image/jpeg',
      'image/webp',
      'audio/mpeg',
      'audio/wav',
      'video/mp4',
      'video/webm',
      'Video/MP4; codecs=avc1',
    ])
      expect(isInlineSafe(type)).toBe(true);
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/pdf',
      'text/plain',
      'application/xhtml+xml',
      'text/xml',
      'application/octet-stream',
      '',
    ])
      expect(isInlineSafe(type)).toBe(false);
    const html = downloadHeaders({ id: 'f1', name: 'page.html', contentType: 'text/html' });
    expect(html['Content-Disposition']).toBe('attachment; filename="page.html"');
    expect(html['Content-Security-Policy']).toMatch(/^sandbox; default-src 'none'/);
    expect(html['X-Content-Type-Options']).toBe('nosniff');
    expect(downloadHeaders({ id: 'f2', name: null, contentType: 'video/mp4' })['Content-Disposition']).toBe(
      'inline; filename="f2"',
    );
  });
});
