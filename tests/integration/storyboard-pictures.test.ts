/**
 * What each scene's picture is, said in words, on the real stack (API + worker on PGlite, eSpeak, ffmpeg) without a
 * stock library or image model: a storyboard names each scene's picture when made and after every edit, with an
 * illustration's layout and each element it draws (what, its name, its words, its box), the visual-order setting
 * learns which sources are missing, the finished video names what each scene showed, the same pictures the
 * storyboard promised, and an AI choice without an image model is refused, never drawn as something else in silence.
 */
import { describe, expect, it } from 'vitest';
import { NO_IMAGE_MODEL_MESSAGE } from '~/contract/picture-choices';
import type { StoryboardScene } from '~/contract/storyboard';
import { type Api, apiSuite, until } from './support/api-suite';
import { client } from './support/stack';

const suite = apiSuite('storyboard-pictures', (_req, res) => res.writeHead(404).end());
const { signedUp } = suite;

const settings = {
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'line',
  visualOrder: 'stock-first',
  music: { enabled: false, volume: 30 },
};

// A beat per sentence: two sentences, two scenes.
const FARM = 'Coffee begins its journey on a small farm in Ethiopia.';
const NOTHING = 'Honestly, it depends on who you ask.';
const FRAME = { width: 1280, height: 720 };

/** Every element inside the 16:9 frame and clear of the captions' band at its bottom quarter. */
function expectInFrame(picture: any) {
  for (const { kind, box } of picture.elements) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(FRAME.width);
    if (kind !== 'scenery') expect(box.y + box.height).toBeLessThanOrEqual(FRAME.height * 0.75);
  }
}

const plain = (board: any): StoryboardScene[] =>
  board.scenes.map(({ estimatedSec: _e, narratedSec: _n, picture: _p, ...scene }: any) => scene);
const save = (api: Api, board: any, scenes: StoryboardScene[], extra: Record<string, unknown> = {}) =>
  api('PUT', `/storyboards/${board.id}`, { version: board.version, settings: board.settings, scenes, ...extra });
const lower = (words: string[]) => words.map((w) => w.toLowerCase());

describe('what each scene’s picture is', () => {
  it('says which picture sources this server lacks', async () => {
    const { api } = await signedUp();
    const answer = await api('GET', '/videos/picture-sources');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ stock: { available: false, providers: [] }, ai: { available: false, engine: null } });

    // A server with a Pexels key says so, and its automatic scenes expect a stock picture found by their words.
    const keyed = await suite.stack.extraApi({ PEXELS_API_KEY: 'test-key' });
    try {
      const other = await signedUp(keyed.url);
      expect((await other.api('GET', '/videos/picture-sources')).body).toEqual({
        stock: { available: true, providers: ['pexels'] },
        ai: { available: false, engine: null },
      });
      const board = (await other.api('POST', '/storyboards', { ...settings, script: FARM })).body;
      expect(board.scenes[0].picture).toEqual({ source: 'stock', subjects: board.scenes[0].query.split(/\s+/) });
    } finally {
      await keyed.close();
    }
  });

  it('names each scene’s picture when the storyboard is made, after an edit, and for a chosen visual', async () => {
    const { api, user } = await signedUp();
    const created = await api('POST', '/storyboards', { ...settings, script: `${FARM}\n\n${NOTHING}` });
    expect(created.status).toBe(201);
    const board = created.body;
    expect(board.scenes).toHaveLength(2);
    // No stock library or image model: the farm is drawn from its words, a map of Ethiopia with the coffee on it;
    // nothing in "it depends" can be drawn, so its words are set in type.
    const [farm, nothing] = board.scenes;
    expect(farm.picture).toMatchObject({ source: 'illustration', layout: 'place' });
    expect(lower(farm.picture.subjects)).toEqual(expect.arrayContaining(['coffee', 'ethiopia']));
    expect(farm.picture.elements).toEqual(
      expect.arrayContaining([
        { kind: 'map', name: 'Ethiopia', words: 'Ethiopia', box: expect.any(Object) },
        expect.objectContaining({ kind: 'icon', words: expect.stringMatching(/coffee/i) }),
      ]),
    );
    expectInFrame(farm.picture);
    expect(nothing.picture).toMatchObject({ source: 'illustration', layout: 'key-phrase' });
    expect(nothing.picture.elements.length).toBeGreaterThan(0);
    for (const element of nothing.picture.elements) {
      expect(element.kind).toBe('text');
      expect(NOTHING).toContain(element.words);
    }
    expectInFrame(nothing.picture);
    // A GET answers the same.
    expect((await api('GET', `/storyboards/${board.id}`)).body.scenes.map((s: any) => s.picture)).toEqual([
      farm.picture,
      nothing.picture,
    ]);

    // New words, a new picture; a scene set to a designed background says so, whatever its words.
    const scenes = plain(board);
    const edited = await save(api, board, [
      { ...scenes[0]!, visual: { kind: 'designed' } },
      {
        ...scenes[1]!,
        text: 'Most of the coffee in your cup was grown on family farms in Brazil.',
      },
    ]);
    expect(edited.status).toBe(200);
    const [designed, cups] = edited.body.scenes;
    expect(designed.picture).toEqual({ source: 'designed', subjects: [] });
    expect(cups.picture).toMatchObject({ source: 'illustration', layout: 'place' });
    expect(lower(cups.picture.subjects)).toEqual(expect.arrayContaining(['brazil']));
    expect(cups.picture.elements).toEqual(
      expect.arrayContaining([{ kind: 'map', name: 'Brazil', words: 'Brazil', box: expect.any(Object) }]),
    );

    // Chosen as an illustration: drawn from what the words name, or their words set in type when they name nothing.
    const chosen = await save(api, edited.body, [
      { ...plain(edited.body)[0]!, visual: { kind: 'illustration' } },
      { ...plain(edited.body)[1]!, text: NOTHING, visual: { kind: 'illustration' } },
    ]);
    expect(chosen.status).toBe(200);
    expect(chosen.body.scenes[0].picture).toEqual(farm.picture);
    expect(chosen.body.scenes[1].picture).toEqual(nothing.picture);
    // Its preview is the drawing, made offline.
    const preview = async () => {
      const res = await fetch(`${suite.stack.url}/storyboards/${board.id}/scenes/${board.scenes[0].id}/preview`, {
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/jpeg']);
      return Buffer.from(await res.arrayBuffer());
    };
    const drawing = await preview();

    // "Designed backgrounds only" never draws, and "Illustrations" does even with keys missing.
    const designedOnly = await save(api, chosen.body, plain(board), {
      settings: { ...board.settings, visualOrder: 'designed' },
    });
    expect(designedOnly.body.scenes.map((s: any) => s.picture.source)).toEqual(['designed', 'designed']);
    expect((await preview()).equals(drawing)).toBe(false);
    const drawnOnly = await save(api, designedOnly.body, plain(board), {
      settings: { ...board.settings, visualOrder: 'illustration' },
    });
    expect(drawnOnly.body.scenes.map((s: any) => s.picture)).toEqual([farm.picture, nothing.picture]);
  });

  it('keeps on the finished video what each scene showed: what the storyboard said it would', async () => {
    const { api } = await signedUp();
    const board = (await api('POST', '/storyboards', { ...settings, script: `${FARM}\n\n${NOTHING}` })).body;
    const promised = board.scenes.map((s: any) => s.picture);
    const queued = await api('POST', `/storyboards/${board.id}/render`, undefined, { 'Idempotency-Key': 'pictures-1' });
    expect(queued.status).toBe(202);
    expect(queued.body.pictures).toEqual([]);
    const video = await until(
      async () => (await api('GET', `/videos/${queued.body.id}`)).body,
      (v) => ['succeeded', 'failed', 'cancelled'].includes(v.status),
      240_000,
    );
    expect(video).toMatchObject({ status: 'succeeded', error: null });
    expect(video.pictures).toEqual(promised);
    expect(video.stockCredits).toEqual([]);
  }, 300_000);

  it('refuses an AI choice without an image model, and shows a scene saved as AI before the model went as its illustration', async () => {
    const { api, user } = await signedUp();
    const board = (await api('POST', '/storyboards', { ...settings, script: `${FARM}\n\n${NOTHING}` })).body;
    const ai = { kind: 'ai', prompt: 'a coffee farm at dawn', seed: 7 } as const;

    // No image model here: choosing AI for a scene is a 400 on that scene's visual, and nothing is saved.
    const refused = await save(api, board, [plain(board)[0]!, { ...plain(board)[1]!, visual: ai }]);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'scenes.1.visual': NO_IMAGE_MODEL_MESSAGE });
    const kept = (await api('GET', `/storyboards/${board.id}`)).body;
    expect([kept.version, kept.scenes.map((s: any) => s.visual.kind)]).toEqual([board.version, ['auto', 'auto']]);

    // The same account on a server with an image model chooses AI for the farm scene.
    const keyed = await suite.stack.extraApi({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: `${suite.cloudUrl}/v1` });
    let saved: any;
    try {
      const withModel = await save(client(keyed.url, user), board, [
        { ...plain(board)[0]!, visual: ai },
        plain(board)[1]!,
      ]);
      expect(withModel.status).toBe(200);
      expect(withModel.body.scenes[0].picture.source).toBe('ai');
      saved = withModel.body;
    } finally {
      await keyed.close();
    }

    // Back on a server without one: the scene says the illustration of its words stands in, and saving other edits
    // keeps its choice; a new prompt or seed is a new AI choice, refused.
    const seen = (await api('GET', `/storyboards/${board.id}`)).body;
    expect(seen.scenes[0].visual).toEqual(ai);
    expect(seen.scenes[0].picture.source).toBe('illustration');
    expect(lower(seen.scenes[0].picture.subjects)).toEqual(expect.arrayContaining(['coffee', 'ethiopia']));
    const edited = await save(api, saved, [plain(saved)[0]!, { ...plain(saved)[1]!, visual: { kind: 'designed' } }]);
    expect(edited.status).toBe(200);
    expect(edited.body.scenes[0].picture.source).toBe('illustration');
    const reseeded = await save(api, edited.body, [
      { ...plain(edited.body)[0]!, visual: { ...ai, seed: 8 } },
      plain(edited.body)[1]!,
    ]);
    expect(reseeded.status).toBe(400);
    expect(reseeded.body.fields).toEqual({ 'scenes.0.visual': NO_IMAGE_MODEL_MESSAGE });

    // Its preview, which comes from the render's own picture, is that illustration, not a designed gradient.
    const preview = async () => {
      const res = await fetch(`${suite.stack.url}/storyboards/${board.id}/scenes/${board.scenes[0].id}/preview`, {
        headers: { authorization: `Bearer ${user.idToken}` },
      });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const asAi = await preview();
    const drawn = await save(api, edited.body, [
      { ...plain(edited.body)[0]!, visual: { kind: 'illustration' } },
      plain(edited.body)[1]!,
    ]);
    expect(drawn.status).toBe(200);
    expect((await preview()).equals(asAi)).toBe(true);
    const designed = await save(api, drawn.body, [
      { ...plain(drawn.body)[0]!, visual: { kind: 'designed' } },
      plain(drawn.body)[1]!,
    ]);
    expect(designed.status).toBe(200);
    expect((await preview()).equals(asAi)).toBe(false);
  });
});
