/**
 * Presets on the real stack (API on PGlite, the Auth emulator): the built-in ones, saving, renaming and deleting
 * your own, field errors, the idempotent create, a built-in one refused a change, another user's id answering 404
 * on every route, and a preset's settings accepted as they are by POST /videos.
 */
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PRESETS } from '~/contract/presets';
import { apiSuite } from './support/api-suite';

const suite = apiSuite('presets', (_req, res) => res.writeHead(404).end());
const { signedUp } = suite;

const settings = {
  voiceId: 'en-us-olivia',
  aspect: '9:16',
  resolution: '720p',
  captions: 'pop',
  captionOptions: { position: 'top', size: 'large', color: '#7cf27c' },
  visualOrder: 'illustration',
  music: { enabled: true, volume: 45, track: 'warm-piano' },
  brandKit: false,
};

describe('presets API', () => {
  it('lists the built-in shapes first, marked built-in, and refuses to change or delete them', async () => {
    const { api } = await signedUp();
    const list = await api('GET', '/presets');
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { name: string }) => p.name)).toEqual([
      'Shorts, Reels and TikTok (9:16)',
      'YouTube (16:9)',
      'Square for feeds (1:1)',
    ]);
    expect(list.body.items[0]).toMatchObject({
      builtIn: true,
      settings: { aspect: '9:16', captions: 'word' },
    });
    const id = BUILT_IN_PRESETS[0]!.id;
    expect((await api('GET', `/presets/${id}`)).body.name).toBe('Shorts, Reels and TikTok (9:16)');
    for (const [method, body] of [['PUT', { name: 'Mine', settings }], ['DELETE']] as const) {
      const refused = await api(method, `/presets/${id}`, body);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatch(/Built-in presets cannot be changed or deleted/);
    }
  });

  it('saves, renames and deletes your own, with a message per bad field and one preset per idempotency key', async () => {
    const { api } = await signedUp();
    const bad = await api('POST', '/presets', {
      name: ' ',
      settings: { ...settings, aspect: '4:3', voiceId: 'no-such-voice', music: { enabled: true, volume: 300 } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual([
      'name',
      'settings.aspect',
      'settings.music.volume',
      'settings.voiceId',
    ]);
    for (const junk of [null, [], 'preset', { name: 'x' }])
      expect((await api('POST', '/presets', junk)).status).toBe(400);

    const key = { 'Idempotency-Key': 'preset-create-1' };
    const made = await api('POST', '/presets', { name: 'Weekly Shorts', settings }, key);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Weekly Shorts',
      builtIn: false,
      settings: { ...settings, captionOptions: { ...settings.captionOptions, color: '#7CF27C' } },
    });
    const replay = await api('POST', '/presets', { name: 'Weekly Shorts', settings }, key);
    expect(replay.body.id).toBe(made.body.id);
    expect((await api('POST', '/presets', { name: 'Other', settings }, key)).status).toBe(409);

    const renamed = await api('PUT', `/presets/${made.body.id}`, {
      name: 'Daily Shorts',
      settings: { ...settings, resolution: '1080p' },
    });
    expect(renamed.body).toMatchObject({ id: made.body.id, name: 'Daily Shorts', settings: { resolution: '1080p' } });
    const list = (await api('GET', '/presets')).body.items;
    expect(list.at(-1)).toMatchObject({ id: made.body.id, name: 'Daily Shorts', builtIn: false });
    expect(list).toHaveLength(BUILT_IN_PRESETS.length + 1);

    // A preset's settings are a video's settings: with a script they make a valid request.
    const video = await api('POST', '/videos', {
      script: 'A test of presets.',
      visuals: 'generated',
      ...renamed.body.settings,
    });
    expect(video.status).toBe(202);
    expect(video.body).toMatchObject({
      aspect: '9:16',
      resolution: '1080p',
      captions: 'pop',
      visualOrder: 'illustration',
    });
    await api('POST', `/videos/${video.body.id}/cancel`);

    expect((await api('DELETE', `/presets/${made.body.id}`)).status).toBe(204);
    expect((await api('GET', `/presets/${made.body.id}`)).status).toBe(404);
    expect((await api('GET', '/presets/not-an-id')).status).toBe(404);
  });

  it("answers 404 for another user's preset on every route and never lists it", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const made = await owner.api('POST', '/presets', { name: 'Private', settings });
    for (const [method, body] of [['GET'], ['PUT', { name: 'Taken', settings }], ['DELETE']] as const)
      expect((await other.api(method, `/presets/${made.body.id}`, body)).status).toBe(404);
    expect((await other.api('GET', '/presets')).body.items.some((p: { id: string }) => p.id === made.body.id)).toBe(
      false,
    );
    expect((await owner.api('GET', `/presets/${made.body.id}`)).body.name).toBe('Private');
  });
});
