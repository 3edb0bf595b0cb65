/**
 * The brand kit's routes on the real stack (API + worker on PGlite, Auth emulator): defaults, field errors, the
 * logo checked like a video's images, and the snapshot a video takes when it is accepted (later edits do not reach
 * it; its logo file stays while it is being made).
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND_KIT } from '~/contract/brand';
import { storyboardCost } from '~/contract/storyboard';
import { encodePng } from '~/server/media/png';
import { apiSuite } from './support/api-suite';
import type { TestUser } from './support/auth-emulator';

const suite = apiSuite('brand-kit', (_req, res) => res.writeHead(404).end());
const { signedUp } = suite;

async function uploadLogo(user: TestUser, bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'logo.png');
  const res = await fetch(`${suite.stack.url}/brand-kit/logo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const png = (width: number, height: number) => encodePng(new Uint8Array(width * height * 3).fill(200), width, height);
const kit = (overrides: Record<string, unknown> = {}) => ({ ...DEFAULT_BRAND_KIT, ...overrides });
const video = (overrides: Record<string, unknown> = {}) => ({
  script: 'The lighthouse keeper climbs the stairs at dusk.',
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'word',
  visuals: 'generated',
  visualOrder: 'designed',
  ...overrides,
});

describe('brand kit API', () => {
  it('starts from the defaults and answers bad settings with a message per field', async () => {
    const { api } = await signedUp();
    const first = await api('GET', '/brand-kit');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ settings: DEFAULT_BRAND_KIT, logo: null, saved: false });

    const bad = await api(
      'PUT',
      '/brand-kit',
      kit({ colors: { primary: 'red', secondary: '#fff' }, intro: { enabled: true, text: 'Hi', seconds: 30 } }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['colors.primary', 'colors.secondary', 'intro.seconds']);
    for (const junk of [null, 'kit', [], { logo: 5 }]) expect((await api('PUT', '/brand-kit', junk)).status).toBe(400);

    const saved = await api('PUT', '/brand-kit', kit({ colors: { primary: '#ff0066', secondary: '#ffffff' } }));
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ saved: true, settings: { colors: { primary: '#FF0066' } } });
  });

  it('takes PNG, JPEG or WebP logos only, checked like video images', async () => {
    const { user, api } = await signedUp();
    const text = await uploadLogo(user, new TextEncoder().encode('not an image at all'), 'image/png');
    expect(text.status).toBe(400);
    expect(text.body.fields.file).toBe('Only JPEG, PNG and WebP images can be used.');
    const tiny = await uploadLogo(user, png(40, 40), 'image/png');
    expect(tiny.status).toBe(400);
    expect(tiny.body.fields.file).toMatch(/between 256 and 8192 pixels/);

    const ok = await uploadLogo(user, png(512, 256), 'image/png');
    expect(ok.status).toBe(201);
    expect(ok.body.logo).toMatchObject({ width: 512, height: 256, url: expect.stringContaining('/files/') });
    // Uploading a logo keeps the default settings.
    expect(ok.body.settings).toEqual(DEFAULT_BRAND_KIT);
    const removed = await api('DELETE', '/brand-kit/logo');
    expect(removed.body.logo).toBeNull();
    expect((await api('GET', '/uploads')).body.files).toHaveLength(0);
  });

  it('snapshots the kit into a new video, on by default, and later edits do not reach it', async () => {
    const { user, api } = await signedUp();
    const plain = await api('POST', '/videos', video());
    expect(plain.body.brandKit).toBe(false);

    await api(
      'PUT',
      '/brand-kit',
      kit({ intro: { enabled: true, text: 'Acme', seconds: 4 }, outro: { enabled: true, text: 'Bye', seconds: 3 } }),
    );
    const logo = await uploadLogo(user, png(512, 256), 'image/png');
    const branded = await api('POST', '/videos', video());
    expect(branded.status).toBe(202);
    expect(branded.body.brandKit).toBe(true);
    expect(branded.body.estimatedSec).toBe(plain.body.estimatedSec + 7);
    const off = await api('POST', '/videos', video({ brandKit: false }));
    expect(off.body.brandKit).toBe(false);

    // Edit the kit and replace the logo while the branded video waits: it keeps what it was accepted with.
    await api('PUT', '/brand-kit', kit({ applyByDefault: false }));
    await uploadLogo(user, png(300, 300), 'image/png');
    const again = await api('GET', `/videos/${branded.body.id}`);
    expect(again.body.estimatedSec).toBe(plain.body.estimatedSec + 7);
    const uploads = (await api('GET', '/uploads')).body.files as Array<{ id: string; inUse: boolean }>;
    const running = ['queued', 'active'].includes(again.body.status);
    // The replaced logo stays while the video that took it is being made.
    if (running) expect(uploads.find((f) => f.id === logo.body.logo.fileId)?.inUse).toBe(true);
    // New videos now follow "apply to new videos" = off.
    expect((await api('POST', '/videos', video())).body.brandKit).toBe(false);
    for (const id of [plain.body.id, branded.body.id, off.body.id]) await api('POST', `/videos/${id}/cancel`);
  });

  it('makes a cancelled video again with the kit it was first accepted with', async () => {
    const { api } = await signedUp();
    await api('PUT', '/brand-kit', kit({ outro: { enabled: true, text: 'Bye', seconds: 5 } }));
    const first = await api('POST', '/videos', video());
    expect(first.body).toMatchObject({ brandKit: true });
    await api('POST', `/videos/${first.body.id}/cancel`);
    await api('PUT', '/brand-kit', kit({ applyByDefault: false }));
    expect((await api('POST', `/videos/${first.body.id}/retry`)).status).toBe(202);
    const again = await api('GET', `/videos/${first.body.id}`);
    expect(again.body).toMatchObject({ brandKit: true, estimatedSec: first.body.estimatedSec });
    await api('POST', `/videos/${first.body.id}/cancel`);
  });

  it('prices a draft in the history with the cards its render would add, as the storyboard itself does', async () => {
    const { api } = await signedUp();
    const { visuals: _visuals, ...settings } = video();
    // 56 s of narration: the cards' 7 s take it into a second minute.
    const script = `${Array.from({ length: 140 }, () => 'word').join(' ')}.`;
    const board = (await api('POST', '/storyboards', { ...settings, script })).body;
    const draft = async () => ((await api('GET', '/videos')).body.items as any[]).find((v) => v.id === board.id);
    const plain = await draft();
    expect(plain).toMatchObject({ status: 'draft', brandKit: false, cost: board.cost });

    await api(
      'PUT',
      '/brand-kit',
      kit({ intro: { enabled: true, text: 'Acme', seconds: 4 }, outro: { enabled: true, text: 'Bye', seconds: 3 } }),
    );
    const opened = (await api('GET', `/storyboards/${board.id}`)).body;
    expect(opened.cost).toBe(storyboardCost(opened.scenes, '720p', 7));
    expect(opened.cost).toBeGreaterThan(board.cost);
    expect(await draft()).toMatchObject({ brandKit: true, estimatedSec: plain.estimatedSec + 7, cost: opened.cost });

    // Switched off in the storyboard's settings, the draft is priced without them again.
    const scenes = opened.scenes.map(({ estimatedSec: _e, narratedSec: _n, ...scene }: any) => scene);
    const off = await api('PUT', `/storyboards/${board.id}`, {
      version: opened.version,
      settings: { ...opened.settings, brandKit: false },
      scenes,
    });
    expect(off.status).toBe(200);
    expect(await draft()).toMatchObject({ brandKit: false, estimatedSec: plain.estimatedSec, cost: plain.cost });
  });

  it('refuses a video whose cards would take it over 5 minutes', async () => {
    const { api } = await signedUp();
    await api(
      'PUT',
      '/brand-kit',
      kit({ intro: { enabled: true, text: 'Acme', seconds: 5 }, outro: { enabled: true, text: 'Bye', seconds: 5 } }),
    );
    const script = Array.from({ length: 745 }, () => 'word').join(' ');
    const res = await api('POST', '/videos', video({ script }));
    expect(res.status).toBe(400);
    expect(res.body.fields.script).toMatch(/with its intro and outro/);
    const plain = await api('POST', '/videos', video({ script, brandKit: false }));
    expect(plain.status).not.toBe(400);
    if (plain.body.id) await api('POST', `/videos/${plain.body.id}/cancel`);
  });
});
