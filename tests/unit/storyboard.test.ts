import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  mergeWithNext,
  moveScene,
  newSceneId,
  type StoryboardScene,
  saveStoryboardRequestSchema,
  splitScene,
  storyboardCost,
  storyboardScript,
  updateScene,
} from '~/contract/storyboard.ts';
import { estimateVideoCost } from '~/contract/video.ts';
import {
  createContentCache,
  narrationKey,
  sceneSeed,
  sceneVisualKeyInput,
  visualKey,
} from '~/server/features/videos/cache.ts';
import { pictureSize } from '~/server/features/videos/pictures/scene-visuals.ts';

const scene = (id: string, text: string, extra: Partial<StoryboardScene> = {}): StoryboardScene => ({
  id,
  text,
  query: `${id} query`,
  visual: { kind: 'auto' },
  transition: 'crossfade',
  ...extra,
});

const board = (): StoryboardScene[] => [
  scene('a', 'The first scene. It has two sentences.', { visual: { kind: 'designed' }, transition: 'cut' }),
  scene('b', 'The second scene.'),
  scene('c', 'The third scene.', { visual: { kind: 'ai', prompt: 'a lighthouse', seed: 4 } }),
];

describe('storyboard edits', () => {
  it('splits a scene at the cursor: both halves keep query and transition, the second gets a new id and the automatic visual', () => {
    const scenes = board();
    const split = splitScene(scenes, 'a', scenes[0]!.text.indexOf(' It has'), () => 'new');
    expect(split.map((s) => [s.id, s.text, s.visual.kind, s.transition, s.query])).toEqual([
      ['a', 'The first scene.', 'designed', 'cut', 'a query'],
      ['new', 'It has two sentences.', 'auto', 'cut', 'a query'],
      ['b', 'The second scene.', 'auto', 'crossfade', 'b query'],
      ['c', 'The third scene.', 'ai', 'crossfade', 'c query'],
    ]);
    expect(scenes).toEqual(board());
  });

  it('does not split at either end, inside whitespace that leaves an empty half, or an unknown scene', () => {
    const scenes = board();
    expect(splitScene(scenes, 'b', 0)).toEqual(scenes);
    expect(splitScene(scenes, 'b', scenes[1]!.text.length)).toEqual(scenes);
    expect(splitScene([scene('x', 'Word   ')], 'x', 4)).toEqual([scene('x', 'Word   ')]);
    expect(splitScene(scenes, 'nope', 3)).toEqual(scenes);
  });

  it("merges a scene with the next: texts joined, the first scene's visual, query and transition kept; the last has nothing to merge", () => {
    const merged = mergeWithNext(board(), 'b');
    expect(merged.map((s) => s.id)).toEqual(['a', 'b']);
    expect(merged[1]).toEqual({ ...board()[1]!, text: 'The second scene. The third scene.' });
    expect(mergeWithNext(board(), 'c')).toEqual(board());
    expect(mergeWithNext(board(), 'nope')).toEqual(board());
  });

  it('moves a scene to a place, clamped to the list', () => {
    const ids = (scenes: StoryboardScene[]) => scenes.map((s) => s.id).join('');
    expect(ids(moveScene(board(), 'a', 2))).toBe('bca');
    expect(ids(moveScene(board(), 'c', 0))).toBe('cab');
    expect(ids(moveScene(board(), 'b', 1))).toBe('abc');
    expect(ids(moveScene(board(), 'a', 99))).toBe('bca');
    expect(ids(moveScene(board(), 'c', -5))).toBe('cab');
    expect(ids(moveScene(board(), 'nope', 0))).toBe('abc');
  });

  it('updates one scene and keeps the others', () => {
    const updated = updateScene(board(), 'b', { text: 'Changed.', transition: 'dip' });
    expect(updated[1]).toMatchObject({ id: 'b', text: 'Changed.', transition: 'dip' });
    expect([updated[0], updated[2]]).toEqual([board()[0], board()[2]]);
  });

  it('makes short ids of letters and digits', () => {
    expect(newSceneId(() => 0)).toBe('s00000000');
    expect(newSceneId()).toMatch(/^s[0-9a-z]{8}$/);
  });

  it('refuses a save whose scenes cannot be rendered, naming the scene and field', () => {
    const settings = { voiceId: 'en-us-olivia', aspect: '16:9', resolution: '720p', captions: 'off' };
    const result = saveStoryboardRequestSchema.safeParse({
      version: 1,
      settings,
      scenes: [...board(), scene('d', '[Music] https://example.com')],
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['scenes.3.text', expect.stringMatching(/Nothing in this scene can be read aloud/)],
    ]);
    expect(saveStoryboardRequestSchema.safeParse({ version: 1, settings, scenes: [] }).error!.issues[0]!.message).toBe(
      'A video needs at least one scene.',
    );
  });
});

describe('storyboard price', () => {
  it('is the price of a video of the whole narration, per started minute, whatever was changed', () => {
    const scenes = board();
    expect(storyboardScript(scenes)).toBe(
      'The first scene. It has two sentences.\n\nThe second scene.\n\nThe third scene.',
    );
    expect(storyboardCost(scenes, '720p')).toBe(estimateVideoCost(storyboardScript(scenes), '720p'));
    const minute = Array.from({ length: 160 }, () => 'word').join(' ');
    const long = [scene('a', `${minute}.`), scene('b', `${minute}.`)];
    expect(storyboardCost(long, '1080p')).toBe(estimateVideoCost(`${minute}.\n\n${minute}.`, '1080p'));
    expect(storyboardCost(long, '1080p')).toBeGreaterThan(storyboardCost([long[0]!], '1080p'));
    // Reordering changes nothing of the price; an edit that does not cross a minute changes nothing either.
    expect(storyboardCost(moveScene(long, 'a', 1), '1080p')).toBe(storyboardCost(long, '1080p'));
    expect(storyboardCost(updateScene(scenes, 'b', { text: 'The second scene, changed.' }), '720p')).toBe(
      storyboardCost(scenes, '720p'),
    );
  });
});

describe('cache keys', () => {
  const voice = { id: 'en-us-olivia', engine: 'espeak' } as const;

  it('are the same for the same narration, and differ for any other voice, engine, text or setting', () => {
    const key = narrationKey({ voice, settings: {}, text: 'Hello there.' });
    expect(narrationKey({ voice: { ...voice }, settings: {}, text: 'Hello there.' })).toBe(key);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const others = [
      narrationKey({ voice: { ...voice, id: 'en-gb-oliver' }, settings: {}, text: 'Hello there.' }),
      narrationKey({ voice: { ...voice, engine: 'festival' }, settings: {}, text: 'Hello there.' }),
      narrationKey({ voice, settings: {}, text: 'Hello there!' }),
      narrationKey({ voice, settings: {}, text: 'Hello there. ' }),
      narrationKey({ voice, settings: { speed: 1.2 }, text: 'Hello there.' }),
    ];
    expect(new Set([key, ...others]).size).toBe(6);
  });

  it("are the same for the same picture, and differ for another frame size, visual, text or seed; a scene's own seed survives reordering", () => {
    const illustration = { palette: { accent: '#ff0000' }, captions: 'bottom', side: 0 };
    const context = { order: 'designed', sources: ['designed'], aiEngine: undefined, illustration } as const;
    const size = { width: 1600, height: 900 };
    const [a, b, c] = board();
    const key = (s: StoryboardScene, sz = size, ctx: Parameters<typeof sceneVisualKeyInput>[1] = context) =>
      visualKey(sceneVisualKeyInput(s, ctx), sz);
    expect(key(a!)).toBe(key({ ...a! }));
    expect(key(moveScene(board(), 'a', 2)[2]!)).toBe(key(a!));
    const different = [
      key(a!, { width: 900, height: 1600 }),
      key({ ...a!, text: 'Another text.' }),
      key({ ...a!, id: 'z' }),
      key({ ...a!, visual: { kind: 'auto' } }),
      key(b!),
      key(c!),
      key(c!, size, { ...context, aiEngine: 'fal' }),
      key({ ...c!, visual: { kind: 'ai', prompt: 'a lighthouse', seed: 5 } }, size, { ...context, aiEngine: 'fal' }),
      key(b!, size, { order: 'stock-first', sources: ['stock', 'designed'], aiEngine: undefined, illustration }),
      key({ ...b!, query: 'another query' }),
      key({ ...a!, visual: { kind: 'upload', fileId: 'f1', audio: 'mute' } }),
      key({ ...a!, visual: { kind: 'stock', provider: 'pexels', media: 'photo', id: '42' } }),
    ];
    expect(new Set([key(a!), ...different]).size).toBe(different.length + 1);
    // Without an image model an AI choice is the illustration of its words, whatever its prompt or seed.
    expect(key(c!)).toBe(key({ ...c!, visual: { kind: 'illustration' } }));
    expect(key({ ...c!, visual: { kind: 'ai', prompt: 'a lighthouse', seed: 5 } })).toBe(key(c!));
    // A chosen stock item or upload is the same picture whichever scene shows it.
    const stock = { kind: 'stock', provider: 'pexels', media: 'photo', id: '42' } as const;
    expect(key({ ...a!, visual: stock })).toBe(key({ ...b!, visual: stock }));
    expect(sceneSeed('a')).toBe(sceneSeed('a'));
    expect(sceneSeed('a')).not.toBe(sceneSeed('b'));
  });

  it('size pictures by the frame, not by the timeline', () => {
    expect(pictureSize({ width: 1280, height: 720 })).toEqual({ width: 1600, height: 900 });
    expect(pictureSize({ width: 1080, height: 1920 })).toEqual({ width: 1350, height: 2400 });
  });
});

describe('content cache', () => {
  const dirs: string[] = [];
  afterEach(async () => Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true }))));
  const tempDir = async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nxn-cache-'));
    dirs.push(dir);
    return dir;
  };

  it('gives back what was put, and nothing for a key never put', async () => {
    const cache = createContentCache(await tempDir(), 1024 * 1024);
    expect(await cache.getNarration('ab'.repeat(32))).toBeNull();
    const info = { durationMs: 1200, sampleRate: 22050, words: [{ text: 'Hi', startMs: 0, endMs: 300 }] };
    await cache.putNarration('ab'.repeat(32), new Uint8Array([1, 2, 3]), info);
    const got = await cache.getNarration('ab'.repeat(32));
    expect(got).toMatchObject(info);
    expect([...(await fs.readFile(got!.wav))]).toEqual([1, 2, 3]);
    expect((await fs.readdir(path.dirname(got!.wav))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('removes the least recently used entries past its size', async () => {
    const dir = await tempDir();
    const cache = createContentCache(dir, 2500);
    const png = path.join(dir, 'made.png');
    const keys = ['11', '22', '33'].map((k) => k.repeat(32));
    for (const [i, key] of keys.entries()) {
      await fs.writeFile(png, Buffer.alloc(1000, i));
      await cache.putVisual(key, png, { source: 'designed' });
      // Distinct use times without waiting.
      const when = new Date(Date.now() - (10 - i) * 60_000);
      const base = path.join(dir, 'cache', 'visuals', key.slice(0, 2), key);
      await Promise.all([fs.utimes(`${base}.png`, when, when), fs.utimes(`${base}.json`, when, when)]);
    }
    // Reading the oldest makes it the most recently used.
    expect(await cache.getVisual(keys[0]!)).toMatchObject({ meta: { source: 'designed' } });
    expect(await cache.trim()).toBe(1);
    expect(await cache.getVisual(keys[1]!)).toBeNull();
    expect(await cache.getVisual(keys[0]!)).not.toBeNull();
    expect(await cache.getVisual(keys[2]!)).not.toBeNull();
    expect(await cache.trim()).toBe(0);
  });
});
