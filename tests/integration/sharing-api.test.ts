/**
 * Share pages on the real stack (API + worker on PGlite, the Auth emulator, a real render): the owner shares a
 * finished video, the public page carries Open Graph and Twitter player tags with absolute URLs and the captions as a
 * <track>, its media answers through the token, views are counted (on the link and in Analytics), downloads can be
 * turned off, and a revoked, expired or unknown token is the same plain 404. Another user cannot see or manage the
 * link. The WebVTT the page plays has the same cues as the video's SRT.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { apiSuite, until } from './support/api-suite';

const suite = apiSuite('sharing', (_req, res) => res.writeHead(404).end());
const { signedUp } = suite;

const finished = (status: string) => ['succeeded', 'failed', 'cancelled'].includes(status);

/** The value of every <meta property|name="key" content="…"> of a page, by key. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [, key = '', value = ''] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags.set(key, value.replace(/&amp;/g, '&'));
  return tags;
}

/** Cues as [start, end, text] from SRT or WebVTT, inline word timestamps dropped. */
function cues(text: string): string[][] {
  return text
    .replace(/^WEBVTT\n\n/, '')
    .trim()
    .split(/\n\n+/)
    .map((block) => {
      const [, timing = '', ...lines] = block.split('\n');
      const [start = '', end = ''] = timing.replace(/,/g, '.').split(' --> ');
      return [start, end.split(' ')[0]!, lines.join('\n').replace(/<[\d:.]+>/g, '')];
    });
}

async function finishedVideo(api: Awaited<ReturnType<typeof signedUp>>['api']) {
  const created = await api('POST', '/videos', {
    script: 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships home.',
    voiceId: 'en-us-olivia',
    aspect: '16:9',
    resolution: '720p',
    captions: 'word',
    visuals: 'generated',
    visualOrder: 'designed',
  });
  expect(created.status).toBe(202);
  const done = await until(
    async () => (await api('GET', `/videos/${created.body.id}`)).body,
    (video) => finished(video.status),
    120_000,
  );
  expect(done.status).toBe('succeeded');
  return done;
}

describe('share pages', () => {
  it('shares a finished video on a public page that unfurls, plays with captions, counts views and can be revoked', async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const { api } = owner;
    const video = await finishedVideo(api);
    const base = suite.stack.url;

    expect((await api('GET', `/videos/${video.id}/share`)).body).toEqual({ link: null });
    const bad = await api('PUT', `/videos/${video.id}/share`, {
      allowDownload: 'yes',
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['allowDownload', 'expiresAt']);

    const shared = await api('PUT', `/videos/${video.id}/share`, {});
    expect(shared.status).toBe(200);
    const link = shared.body.link;
    expect(link).toMatchObject({ videoId: video.id, allowDownload: true, expiresAt: null, views: 0 });
    expect(link.url).toMatch(new RegExp(`^${base}/v/[A-Za-z0-9_-]{22}$`));
    expect(link.embedHtml).toContain(`<iframe src="${link.embedUrl}"`);

    // Another user can neither see nor manage the link.
    for (const [method, body] of [['GET'], ['PUT', {}], ['DELETE']] as const)
      expect((await other.api(method, `/videos/${video.id}/share`, body)).status).toBe(404);

    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    const tags = metaTags(html);
    expect(tags.get('og:url')).toBe(link.url);
    expect(tags.get('og:title')).toBe(video.title);
    expect(tags.get('og:video')).toBe(`${link.url}/video.mp4`);
    expect(tags.get('og:image')).toBe(`${link.url}/poster.jpg`);
    expect(tags.get('og:video:type')).toBe('video/mp4');
    expect([tags.get('og:video:width'), tags.get('og:video:height')]).toEqual(['1280', '720']);
    expect(tags.get('twitter:card')).toBe('player');
    expect(tags.get('twitter:player')).toBe(link.embedUrl);
    expect(tags.get('twitter:player:stream')).toBe(`${link.url}/video.mp4`);
    // Its captions are burned in: the track is there to turn on, not shown over them.
    expect(html).toContain(`<track kind="captions" label="Captions" src="${link.url}/captions.vtt">`);
    expect(html).toContain(`href="${link.url}/video.mp4?download=1"`);
    // Nothing runs, and nothing of the account shows.
    expect(html).not.toMatch(/<script/i);
    for (const secret of [owner.user.uid, owner.user.email, video.id]) expect(html).not.toContain(secret);

    const embed = await fetch(link.embedUrl);
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');

    const mp4 = await fetch(`${link.url}/video.mp4`, { headers: { range: 'bytes=0-99' } });
    expect(mp4.status).toBe(206);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    expect((await mp4.arrayBuffer()).byteLength).toBe(100);
    expect((await fetch(`${link.url}/poster.jpg`)).headers.get('content-type')).toMatch(/^image\/jpeg/);
    const download = await fetch(`${link.url}/video.mp4?download=1`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="The lighthouse/);

    // The page's captions are the video's captions: the SRT's cues, in WebVTT, with placement and word timestamps.
    const vtt = await (await fetch(`${link.url}/captions.vtt`)).text();
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toMatch(/ --> \d\d:\d\d:\d\d\.\d{3} line:\d+%,end align:center\n/);
    expect(vtt).toMatch(/<00:00:\d\d\.\d{3}>/);
    const srt = await (await fetch(video.subtitles.url)).text();
    expect(cues(vtt)).toEqual(cues(srt));
    expect(await (await fetch(video.captionsVtt.url)).text()).toBe(vtt);

    // Views: the page twice and the embed once (HEAD requests and media are not views).
    await fetch(link.url);
    await fetch(link.url, { method: 'HEAD' });
    expect((await api('GET', `/videos/${video.id}/share`)).body.link.views).toBe(3);
    const analytics = await api('GET', '/analytics?range=7');
    expect(analytics.body.totals.find((m: { key: string }) => m.key === 'shareViews')).toMatchObject({
      label: 'Share page views',
      value: 3,
    });
    const othersAnalytics = await other.api('GET', '/analytics?range=7');
    expect(othersAnalytics.body.totals.find((m: { key: string }) => m.key === 'shareViews').value).toBe(0);

    // Downloads off: the same link, no button, and the download URL is dead.
    const noDownload = await api('PUT', `/videos/${video.id}/share`, { allowDownload: false });
    expect(noDownload.body.link.url).toBe(link.url);
    const quiet = await (await fetch(link.url)).text();
    expect(quiet).not.toContain('download');
    expect((await fetch(`${link.url}/video.mp4?download=1`)).status).toBe(404);
    expect((await fetch(`${link.url}/video.mp4`)).status).toBe(200);

    // Revoked: page, embed and media are the plain 404 an unknown token gets.
    const unknown = await fetch(`${base}/v/AAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    const notAvailable = await unknown.text();
    expect((await api('DELETE', `/videos/${video.id}/share`)).status).toBe(204);
    for (const url of [link.url, link.embedUrl, `${link.url}/video.mp4`, `${link.url}/captions.vtt`]) {
      const res = await fetch(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).toBe(notAvailable);
    }
    expect((await api('GET', `/videos/${video.id}/share`)).body).toEqual({ link: null });

    // Sharing again makes a new token; the revoked one stays dead.
    const again = await api('PUT', `/videos/${video.id}/share`, {});
    expect(again.body.link.url).not.toBe(link.url);
    expect((await fetch(again.body.link.url)).status).toBe(200);
    expect((await fetch(link.url)).status).toBe(404);
  });

  it('lets a link expire: from then on a plain 404, and the video shows as not shared', async () => {
    const { api } = await signedUp();
    const video = await finishedVideo(api);
    const soon = new Date(Date.now() + 2_000).toISOString();
    const shared = await api('PUT', `/videos/${video.id}/share`, { expiresAt: soon });
    expect(shared.body.link.expiresAt).toBe(soon);
    expect((await fetch(shared.body.link.url)).status).toBe(200);
    await sleep(2_500);
    expect((await fetch(shared.body.link.url)).status).toBe(404);
    expect((await fetch(`${shared.body.link.url}/video.mp4`)).status).toBe(404);
    expect((await api('GET', `/videos/${video.id}/share`)).body).toEqual({ link: null });
  });

  it('shares only finished videos', async () => {
    const { api } = await signedUp();
    const created = await api('POST', '/videos', {
      script: 'A short line that is cancelled at once.',
      voiceId: 'en-us-olivia',
      aspect: '1:1',
      resolution: '720p',
      captions: 'off',
      visuals: 'generated',
    });
    await api('POST', `/videos/${created.body.id}/cancel`);
    const refused = await api('PUT', `/videos/${created.body.id}/share`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('Only a finished video can be shared.');
    expect((await api('PUT', '/videos/not-a-uuid/share', {})).status).toBe(404);
  });
});
