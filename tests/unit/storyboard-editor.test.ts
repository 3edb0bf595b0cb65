/** The storyboard editor: its figures, where refused fields land, and the autosave against a fake API. */
import { describe, expect, it, vi } from 'vitest';
import {
  assignImages,
  formatSceneSeconds,
  illustrationOutlook,
  isClip,
  nextSeed,
  pictureText,
  previewVersion,
  removeScene,
  restoreScene,
  sceneLength,
  scenePicture,
  splitSaveErrors,
  stockOrientation,
  storyboardTotals,
  visualLabel,
} from '~/app/features/videos/storyboard/model';
import { createStoryboardEditor } from '~/app/features/videos/storyboard/store';
import type { SaveStoryboardRequest, Storyboard, StoryboardScene } from '~/contract/storyboard';
import { moveScene, updateScene } from '~/contract/storyboard';
import type { ScenePicture, VideoRecord, VideoSettings } from '~/contract/video';
import { ApiError } from '~/lib/api/client';

const scene = (id: string, text: string): StoryboardScene => ({
  id,
  text,
  query: '',
  visual: { kind: 'auto' },
  transition: 'crossfade',
});
const SETTINGS: VideoSettings = {
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'word',
  captionOptions: { position: 'bottom', size: 'medium', color: '#FFD84D' },
  visualOrder: 'stock-first',
  music: { enabled: false, volume: 30, track: 'calm-pad' },
};

/** The server's say of a scene's picture, faked: the few words it knows how to draw, else a designed background. */
const DRAWABLE = ['coffee', 'farm', 'Ethiopia', 'cup'];
function fakePicture(text: string): ScenePicture {
  const subjects = text.split(/\W+/).filter((word) => DRAWABLE.includes(word.toLowerCase()) || DRAWABLE.includes(word));
  return subjects.length > 0 ? { source: 'illustration', subjects } : { source: 'designed', subjects: [] };
}

function view(scenes: StoryboardScene[], version: number, narrated: Record<string, number> = {}): Storyboard {
  return {
    id: 'b1',
    title: 't',
    status: 'draft',
    version,
    settings: SETTINGS,
    scenes: scenes.map((s) => ({
      ...s,
      text: s.text.trim(),
      estimatedSec: 2,
      narratedSec: narrated[s.id] ?? null,
      picture: fakePicture(s.text),
    })),
    estimatedSec: 4,
    cost: 10,
    videoId: null,
    clipFileIds: [],
    createdAt: '',
    updatedAt: '',
  };
}

describe('storyboard figures', () => {
  it('shows the narrated length only while the text is the one narrated', () => {
    const saved = view([scene('a', 'The tide comes in.')], 1, { a: 1.7 }).scenes;
    expect(sceneLength(scene('a', 'The tide comes in. '), saved).narratedSec).toBe(1.7);
    const edited = sceneLength(scene('a', 'The tide comes in fast.'), saved);
    expect(edited.narratedSec).toBeNull();
    expect(edited.estimatedSec).toBeGreaterThan(1);
  });

  it('totals narrated lengths where known, estimates elsewhere, priced like the server prices the whole narration', () => {
    const scenes = [scene('a', 'One two three.'), scene('b', 'Four five six.')];
    const totals = storyboardTotals(scenes, view(scenes, 1, { a: 61 }).scenes, '720p');
    expect(totals.scenes).toBe(2);
    expect(totals.seconds).toBeGreaterThan(62);
    expect(totals.cost).toBe(10);
    expect(formatSceneSeconds(6.44)).toBe('6.4 s');
    expect(formatSceneSeconds(72)).toBe('1:12');
  });

  it('pins a refused field to the scene that was sent at that place, even after a move', () => {
    const sent = [scene('a', 'x'), scene('b', ''), scene('c', 'z')];
    const errors = splitSaveErrors(
      {
        'scenes.1.text': 'Write what this scene says.',
        'scenes.2.visual.prompt': 'Too long.',
        'settings.voiceId': 'Choose a voice.',
        scenes: 'Too long overall.',
      },
      sent,
    );
    expect(errors.scenes).toEqual({ b: { text: 'Write what this scene says.' }, c: { 'visual.prompt': 'Too long.' } });
    expect(errors.other).toEqual({ 'settings.voiceId': 'Choose a voice.', scenes: 'Too long overall.' });
  });

  it('removes a scene but never the last, and hands the form’s images to the scenes in turn', () => {
    const scenes = [scene('a', 'x'), scene('b', 'y'), scene('c', 'z')];
    expect(removeScene(scenes, 'b').map((s) => s.id)).toEqual(['a', 'c']);
    expect(removeScene([scene('a', 'x')], 'a')).toHaveLength(1);
    // Undoing a deletion from its toast puts the scene back at its place, once.
    expect(restoreScene(removeScene(scenes, 'b'), scenes[1]!, 1).map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(restoreScene(scenes, scenes[1]!, 1)).toEqual(scenes);
    expect(restoreScene([scene('a', 'x')], scenes[2]!, 2).map((s) => s.id)).toEqual(['a', 'c']);
    expect(assignImages(scenes, ['f1', 'f2'], 'duck').map((s) => s.visual)).toEqual([
      { kind: 'upload', fileId: 'f1', audio: 'duck' },
      { kind: 'upload', fileId: 'f2', audio: 'duck' },
      { kind: 'upload', fileId: 'f1', audio: 'duck' },
    ]);
  });

  it('names visuals and knows which move', () => {
    expect(visualLabel({ kind: 'stock', provider: 'pexels', media: 'video', id: '1' })).toBe('Pexels video');
    expect(isClip({ kind: 'stock', provider: 'pixabay', media: 'video', id: '1' }, new Set())).toBe(true);
    expect(isClip({ kind: 'upload', fileId: 'f', audio: 'duck' }, new Set(['f']))).toBe(true);
    expect(isClip({ kind: 'upload', fileId: 'g', audio: 'mute' }, new Set(['f']))).toBe(false);
    expect(stockOrientation('9:16')).toBe('portrait');
    expect(nextSeed(5, () => 5 / 2 ** 31)).toBe(6);
  });

  it('says what each scene’s picture will be, in words, while the server’s answer is about the visual on screen', () => {
    const farm = scene('a', 'Coffee begins on a small farm in Ethiopia.');
    const saved = view([farm, scene('b', 'Honestly, it depends.')], 1).scenes;
    const picture = scenePicture(farm, saved);
    expect(pictureText(farm.visual, picture)).toBe('Chosen for you · Illustration: Coffee, farm, Ethiopia');
    expect(pictureText({ kind: 'auto' }, scenePicture(scene('b', 'Honestly, it depends.'), saved))).toBe(
      'Chosen for you · Designed background: nothing matched',
    );
    // Words typed since keep the last answer until their save brings the next; "exact" wants the very words.
    expect(scenePicture({ ...farm, text: 'Coffee begins on a farm.' }, saved)).toEqual(picture);
    expect(scenePicture({ ...farm, text: 'Coffee begins on a farm.' }, saved, true)).toBeNull();
    expect(scenePicture({ ...farm, text: `${farm.text}  ` }, saved, true)).toEqual(picture);
    // A new choice not saved yet has no answer: the card names the choice only.
    const designed = { ...farm, visual: { kind: 'designed' } as const };
    expect(scenePicture(designed, saved)).toBeNull();
    expect(pictureText(designed.visual, null)).toBe('Designed background');
    // A choice this server cannot make says what stands in.
    expect(pictureText({ kind: 'illustration' }, { source: 'designed', subjects: [] })).toBe(
      'Illustration: nothing here to draw, so a designed background',
    );
    expect(pictureText({ kind: 'illustration' }, { source: 'illustration', subjects: ['tide'] })).toBe(
      'Illustration: tide',
    );
    expect(pictureText({ kind: 'ai', prompt: 'x', seed: 1 }, { source: 'designed', subjects: [] })).toBe(
      'AI image: no image model here, so a designed background',
    );
    expect(
      pictureText({ kind: 'ai', prompt: 'x', seed: 1 }, { source: 'illustration', subjects: ['tide', 'moon'] }),
    ).toBe('AI image: no image model here, so an illustration of tide, moon');
    expect(
      pictureText(
        { kind: 'stock', provider: 'pexels', media: 'photo', id: '1' },
        { source: 'stock', subjects: ['coffee'] },
      ),
    ).toBe('Pexels photo');
  });

  it('tells the Illustration tab what it will draw only when the answer shows it', () => {
    expect(
      illustrationOutlook(
        { kind: 'auto' },
        { source: 'illustration', subjects: ['Honestly', 'it depends'], layout: 'key-phrase', elements: [] },
        'illustration',
      ),
    ).toEqual({ kind: 'type', subjects: ['Honestly', 'it depends'] });
    expect(illustrationOutlook({ kind: 'auto' }, { source: 'illustration', subjects: ['cup'] }, 'stock-first')).toEqual(
      { kind: 'draws', subjects: ['cup'] },
    );
    // An automatic pick that tried illustrations and got a designed background: nothing can be drawn.
    expect(illustrationOutlook({ kind: 'auto' }, { source: 'designed', subjects: [] }, 'illustration')).toEqual({
      kind: 'nothing',
    });
    expect(illustrationOutlook({ kind: 'illustration' }, { source: 'designed', subjects: [] }, 'designed')).toEqual({
      kind: 'nothing',
    });
    // "Designed backgrounds only" never tried; a stock pick says nothing about drawing; no answer, nothing known.
    expect(illustrationOutlook({ kind: 'auto' }, { source: 'designed', subjects: [] }, 'designed')).toEqual({
      kind: 'unknown',
    });
    expect(illustrationOutlook({ kind: 'auto' }, { source: 'stock', subjects: ['cup'] }, 'stock-first')).toEqual({
      kind: 'unknown',
    });
    expect(illustrationOutlook({ kind: 'auto' }, null, 'illustration')).toEqual({ kind: 'unknown' });
  });

  it('fetches a preview again when what the server draws it from changes, and only then', () => {
    const auto = scene('a', 'Coffee grows in Ethiopia.');
    const base = previewVersion(auto, 0, SETTINGS);
    expect(previewVersion({ ...auto, text: 'Tea grows in India.' }, 0, SETTINGS)).not.toBe(base);
    expect(previewVersion(auto, 0, { ...SETTINGS, visualOrder: 'illustration' })).not.toBe(base);
    // An illustration's layout follows its place and the captions; the palette the brand kit.
    expect(previewVersion(auto, 1, SETTINGS)).not.toBe(base);
    expect(
      previewVersion(auto, 0, { ...SETTINGS, captionOptions: { ...SETTINGS.captionOptions, position: 'top' } }),
    ).not.toBe(base);
    expect(previewVersion(auto, 0, { ...SETTINGS, brandKit: true })).not.toBe(base);
    expect(previewVersion(auto, 0, { ...SETTINGS, music: { ...SETTINGS.music, enabled: true } } as VideoSettings)).toBe(
      base,
    );
    // A chosen stock item is the same picture whatever the words or place.
    const stock = { ...auto, visual: { kind: 'stock', provider: 'pexels', media: 'photo', id: '7' } as const };
    expect(previewVersion({ ...stock, text: 'Other words.' }, 3, SETTINGS)).toBe(previewVersion(stock, 0, SETTINGS));
    // A designed background is drawn from the words, but not laid out by place.
    const designed = { ...auto, visual: { kind: 'designed' } as const };
    expect(previewVersion({ ...designed, text: 'Other words.' }, 0, SETTINGS)).not.toBe(
      previewVersion(designed, 0, SETTINGS),
    );
    expect(previewVersion(designed, 2, SETTINGS)).toBe(previewVersion(designed, 0, SETTINGS));
  });
});

function fakeApi(initial: StoryboardScene[]) {
  let version = 1;
  const saves: SaveStoryboardRequest[] = [];
  const answers: (() => Promise<Storyboard>)[] = [];
  const deps = {
    load: vi.fn(async () => view(initial, version)),
    save: vi.fn(async (_id: string, body: SaveStoryboardRequest) => {
      saves.push(body);
      const next = answers.shift();
      if (next) return next();
      version += 1;
      return view(body.scenes as StoryboardScene[], version);
    }),
    render: vi.fn(async (_id: string, key: string) => ({ id: 'v1', key }) as unknown as VideoRecord),
    newKey: vi.fn(() => `k${deps.newKey.mock.calls.length}`),
    delayMs: 10_000,
    clock: 0,
    now: () => deps.clock,
  };
  return { deps, saves, answers };
}

describe('the storyboard editor store', () => {
  it('saves edits after a pause with the version they were based on, and keeps typing that lands mid-save', async () => {
    vi.useFakeTimers();
    const { deps, saves } = fakeApi([scene('a', 'First.'), scene('b', 'Second.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');
    editor.editScenes((s) => updateScene(s, 'a', { text: 'First one ' }));
    expect(editor.$editor.get().save).toBe('pending');
    editor.editScenes((s) => moveScene(s, 'b', 0));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.version).toBe(1);
    expect(saves[0]!.scenes.map((s) => s.id)).toEqual(['b', 'a']);
    const state = editor.$editor.get();
    expect(state.save).toBe('saved');
    expect(state.saved?.version).toBe(2);
    // The trailing space the user just typed stays on screen though the server trimmed it.
    expect(state.scenes[1]!.text).toBe('First one ');
    vi.useRealTimers();
  });

  it('stops saving on a conflict until reloaded, and shows a refused field at its scene', async () => {
    const { deps, answers, saves } = fakeApi([scene('a', 'First.'), scene('b', 'Second.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');

    answers.push(() =>
      Promise.reject(
        new ApiError(400, {
          error: 'Check the fields.',
          fields: { 'scenes.1.visual.id': 'This stock item id is not valid.' },
        }),
      ),
    );
    editor.editScenes((s) => updateScene(s, 'b', { text: 'Second, longer.' }));
    expect(await editor.flush()).toBe(false);
    expect(editor.$editor.get().save).toBe('invalid');
    expect(editor.$editor.get().errors.scenes).toEqual({ b: { 'visual.id': 'This stock item id is not valid.' } });

    // An empty scene is caught before it is sent.
    editor.editScenes((s) => updateScene(s, 'a', { text: '  ' }));
    expect(await editor.flush()).toBe(false);
    expect(saves).toHaveLength(1);
    expect(editor.$editor.get().errors.scenes['a']?.['text']).toMatch(/Write what this scene says/);

    answers.push(() => Promise.reject(new ApiError(409, { error: 'Changed elsewhere.' })));
    editor.editScenes((s) => updateScene(s, 'a', { text: 'Back.' }));
    expect(await editor.flush()).toBe(false);
    expect(editor.$editor.get().save).toBe('conflict');
    editor.editScenes((s) => updateScene(s, 'a', { text: 'Still local.' }));
    expect(await editor.flush()).toBe(false);
    expect(saves).toHaveLength(2);

    await editor.reload();
    expect(editor.$editor.get()).toMatchObject({ save: 'saved', scenes: [{ text: 'First.' }, { text: 'Second.' }] });
  });

  it('saves before rendering and keeps one idempotency key per version', async () => {
    const { deps, saves } = fakeApi([scene('a', 'First.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');
    editor.editScenes((s) => updateScene(s, 'a', { transition: 'cut' }));
    const first = (await editor.render()) as unknown as { key: string };
    expect(saves).toHaveLength(1);
    const again = (await editor.render()) as unknown as { key: string };
    expect(again.key).toBe(first.key);
    editor.editScenes((s) => updateScene(s, 'a', { text: 'Changed.' }));
    const changed = (await editor.render()) as unknown as { key: string };
    expect(changed.key).not.toBe(first.key);

    deps.render.mockRejectedValueOnce(new ApiError(402, { needed: 10, available: 0 }));
    await expect(editor.render()).rejects.toMatchObject({ status: 402 });
    expect(editor.$editor.get().rendering).toBe(false);
  });
});

describe('undo and redo in the storyboard', () => {
  const texts = (editor: ReturnType<typeof createStoryboardEditor>) => editor.$editor.get().scenes.map((s) => s.text);

  it('steps back and forward through edits, saving each step, and a new edit drops what could be redone', async () => {
    const { deps, saves } = fakeApi([scene('a', 'First.'), scene('b', 'Second.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');
    expect(editor.$editor.get()).toMatchObject({ canUndo: false, canRedo: false });
    expect(editor.undo()).toBe(false);

    editor.editScenes((s) => removeScene(s, 'a'));
    editor.editScenes((s) => updateScene(s, 'b', { transition: 'cut' }));
    expect(editor.undo()).toBe(true);
    expect(editor.$editor.get().scenes[0]!.transition).toBe('crossfade');
    expect(editor.undo()).toBe(true);
    expect(texts(editor)).toEqual(['First.', 'Second.']);
    expect(editor.$editor.get()).toMatchObject({ canUndo: false, canRedo: true, save: 'pending' });
    await editor.flush();
    expect(saves.at(-1)!.scenes.map((s) => s.id)).toEqual(['a', 'b']);

    expect(editor.redo()).toBe(true);
    expect(texts(editor)).toEqual(['Second.']);
    editor.editScenes((s) => updateScene(s, 'b', { text: 'Only.' }));
    expect(editor.$editor.get()).toMatchObject({ canUndo: true, canRedo: false });
    expect(editor.redo()).toBe(false);
    expect(editor.undo()).toBe(true);
    expect(texts(editor)).toEqual(['Second.']);
  });

  it('takes typing in one place as one step until a pause, and a setting changed next as another', async () => {
    const { deps } = fakeApi([scene('a', 'First.'), scene('b', 'Second.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');
    const type = (id: string, text: string, at: number) => {
      deps.clock = at;
      editor.editScenes((s) => updateScene(s, id, { text }), `text:${id}`);
    };
    type('a', 'F', 0);
    type('a', 'Fo', 300);
    type('a', 'Fox', 600);
    // A pause starts a new step; so does typing in another scene.
    type('a', 'Foxes', 2000);
    type('b', 'S', 2100);
    const settings = editor.$editor.get().settings!;
    editor.editSettings({ ...settings, music: { ...settings.music, volume: 40 } });
    editor.editSettings({ ...settings, music: { ...settings.music, volume: 50 } });
    editor.editSettings({ ...settings, music: { ...settings.music, volume: 50 }, aspect: '9:16' });
    // Nothing changed is no step at all.
    editor.editScenes((s) => [...s]);

    editor.undo();
    expect(editor.$editor.get().settings).toMatchObject({ aspect: '16:9', music: { volume: 50 } });
    editor.undo();
    expect(editor.$editor.get().settings!.music.volume).toBe(30);
    editor.undo();
    expect(texts(editor)).toEqual(['Foxes', 'Second.']);
    editor.undo();
    expect(texts(editor)).toEqual(['Fox', 'Second.']);
    editor.undo();
    expect(texts(editor)).toEqual(['First.', 'Second.']);
    expect(editor.$editor.get().canUndo).toBe(false);
  });

  it('starts a fresh history when the storyboard is opened or reloaded', async () => {
    const { deps } = fakeApi([scene('a', 'First.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');
    editor.editScenes((s) => updateScene(s, 'a', { text: 'Changed.' }));
    await editor.reload();
    expect(editor.$editor.get()).toMatchObject({ canUndo: false, canRedo: false });
    expect(editor.undo()).toBe(false);
  });
});

describe('the storyboard editor figures', () => {
  it('takes fresh figures from the server without touching the scenes on screen, and not over an edit', async () => {
    const { deps } = fakeApi([scene('a', 'First.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');
    deps.load.mockResolvedValueOnce(view([scene('a', 'First.')], 1, { a: 1.2 }));
    await editor.refreshFigures();
    expect(editor.$editor.get().saved?.scenes[0]?.narratedSec).toBe(1.2);
    editor.editScenes((s) => updateScene(s, 'a', { text: 'Typed.' }));
    await editor.refreshFigures();
    expect(deps.load).toHaveBeenCalledTimes(2);
    expect(editor.$editor.get().scenes[0]?.text).toBe('Typed.');
  });
});

describe('each scene’s picture in the editor', () => {
  it('takes every save answer’s picture, while the words typed during the save stay on screen', async () => {
    const { deps, answers } = fakeApi([scene('a', 'Honestly, it depends.'), scene('b', 'A cup.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');
    expect(editor.$editor.get().saved?.scenes[0]?.picture).toEqual({ source: 'designed', subjects: [] });

    const replies: ((storyboard: Storyboard) => void)[] = [];
    const held = () => new Promise<Storyboard>((resolve) => replies.push(resolve));
    answers.push(held, held);
    const answerSave = (n: number) => replies[n]!(view(deps.save.mock.calls[n]![1].scenes as StoryboardScene[], n + 2));
    editor.editScenes((s) => updateScene(s, 'a', { text: 'Coffee grows in Ethiopia.' }), 'text:a');
    const saving = editor.flush();
    await vi.waitFor(() => expect(deps.save).toHaveBeenCalledTimes(1));
    // The user goes on typing while the save is on its way.
    editor.editScenes((s) => updateScene(s, 'a', { text: 'Coffee grows in Ethiopia on a farm' }), 'text:a');
    answerSave(0);
    await vi.waitFor(() => expect(editor.$editor.get().saved?.version).toBe(2));

    const state = editor.$editor.get();
    expect(state.scenes[0]!.text).toBe('Coffee grows in Ethiopia on a farm');
    expect(state.saved?.scenes[0]?.picture).toEqual({ source: 'illustration', subjects: ['Coffee', 'Ethiopia'] });
    expect(scenePicture(state.scenes[0]!, state.saved!.scenes)).toEqual({
      source: 'illustration',
      subjects: ['Coffee', 'Ethiopia'],
    });
    // The next save brings the picture of the words typed since.
    await vi.waitFor(() => expect(deps.save).toHaveBeenCalledTimes(2));
    answerSave(1);
    expect(await saving).toBe(true);
    expect(editor.$editor.get().saved?.scenes[0]?.picture).toEqual({
      source: 'illustration',
      subjects: ['Coffee', 'Ethiopia', 'farm'],
    });
    expect(editor.$editor.get().saved?.scenes[1]?.picture).toEqual({ source: 'illustration', subjects: ['cup'] });
  });
});

describe('leaving the storyboard', () => {
  it('saves what was pending and shows nothing stale on the next visit', async () => {
    const { deps, saves } = fakeApi([scene('a', 'First.')]);
    const editor = createStoryboardEditor(deps);
    await editor.open('b1');
    editor.editScenes((s) => updateScene(s, 'a', { text: 'Last words.' }));
    editor.close();
    expect(editor.$editor.get().phase).toBe('idle');
    await vi.waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]!.scenes[0]!.text).toBe('Last words.');
  });
});
