import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { embedSnippet, isShareLive } from '~/contract/sharing.ts';
import { type SharePageData, shareEmbed, sharePage, sharePageCsp } from '~/server/features/sharing/page.ts';

const base = 'https://nxn.example/v/q7Xk2mR9vLp4Zt8wHc3nBd';
const data = (overrides: Partial<SharePageData> = {}): SharePageData => ({
  title: 'Fish & "chips" <script>alert(1)</script>',
  siteName: 'NXN',
  pageUrl: base,
  embedUrl: `${base}/embed`,
  videoUrl: `${base}/video.mp4`,
  posterUrl: `${base}/poster.jpg`,
  captionsUrl: `${base}/captions.vtt`,
  captionsBurned: true,
  downloadUrl: `${base}/video.mp4?download=1`,
  embedHtml: embedSnippet(`${base}/embed`, 'Fish & "chips"', 1080, 1920),
  width: 1080,
  height: 1920,
  durationSec: 65.4,
  ...overrides,
});

describe('the share page', () => {
  it('escapes the title everywhere it appears, so a script cannot become markup', () => {
    const html = sharePage(data());
    expect(html).not.toContain('<script');
    expect(html).toContain('<h1>Fish &amp; &quot;chips&quot; &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).toContain('<meta property="og:title" content="Fish &amp; &quot;chips&quot; &lt;script&gt;');
  });

  it('states the secure video URL only for https, and the length in whole seconds', () => {
    expect(sharePage(data())).toContain(`<meta property="og:video:secure_url" content="${base}/video.mp4">`);
    expect(sharePage(data())).toContain('<meta property="video:duration" content="65">');
    const plain = sharePage(data({ videoUrl: 'http://127.0.0.1:8787/v/x/video.mp4' }));
    expect(plain).not.toContain('og:video:secure_url');
  });

  it('shows the captions track by default only when they are not already burned into the picture', () => {
    expect(sharePage(data())).toContain(`<track kind="captions" label="Captions" src="${base}/captions.vtt">`);
    expect(sharePage(data({ captionsBurned: false }))).toContain(`src="${base}/captions.vtt" default>`);
    expect(sharePage(data({ captionsUrl: null }))).not.toContain('<track');
  });

  it('offers the download only when the owner allows it', () => {
    expect(sharePage(data())).toContain('>Download MP4</a>');
    expect(sharePage(data({ downloadUrl: null }))).not.toMatch(/download/i);
  });

  it('allows exactly its own stylesheet, and framing only for the embed', () => {
    for (const [kind, html] of [
      ['page', sharePage(data())],
      ['embed', shareEmbed(data())],
    ] as const) {
      const css = /<style>(.*)<\/style>/s.exec(html)![1]!;
      const hash = createHash('sha256').update(css).digest('base64');
      const csp = sharePageCsp(kind);
      expect(csp).toContain(`style-src 'sha256-${hash}'`);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('script-src');
    }
    expect(sharePageCsp('page')).toContain("frame-ancestors 'none'");
    expect(sharePageCsp('embed')).toContain('frame-ancestors *');
  });

  it('sizes the embed snippet to the video, at most 640 wide', () => {
    expect(embedSnippet('https://x/e', 'T', 1080, 1920)).toContain('width="640" height="1138"');
    expect(embedSnippet('https://x/e', 'T', 480, 480)).toContain('width="480" height="480"');
    expect(embedSnippet('https://x/e', 'a"b', 1280, 720)).toContain('title="a&quot;b"');
  });

  it('counts a link live until it is revoked or its expiry passes', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    expect(isShareLive({ revokedAt: null, expiresAt: null }, now)).toBe(true);
    expect(isShareLive({ revokedAt: null, expiresAt: new Date('2026-11-28T12:00:01Z') }, now)).toBe(true);
    expect(isShareLive({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(isShareLive({ revokedAt: now, expiresAt: null }, now)).toBe(false);
  });
});
