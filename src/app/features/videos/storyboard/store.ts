/**
 * The storyboard being edited: the scenes and settings as the user shapes them, saved in the background.
 *
 * The editor's copy is the truth while the user works; each edit is saved (PUT with the version it was based on)
 * once the user pauses. The server's answer brings the new version, the narrated lengths, the price and what each
 * scene's picture will be (`saved`), but never replaces what is on screen, so a save that lands mid-word cannot undo a keystroke. A save refused as stale (409:
 * another tab saved first) stops the autosave until the user reloads; a refused field (400) is shown at its scene.
 *
 * Every edit can be undone and redone, back to how the storyboard was opened. Typing in one place (one scene's words,
 * one setting dragged) is one step until the user pauses, as in a text editor, so undo does not go letter by letter.
 */
import { atom, type WritableAtom } from 'nanostores';
import { fieldErrors } from '~/contract/errors';
import {
  type SaveStoryboardRequest,
  type Storyboard,
  type StoryboardScene,
  saveStoryboardRequestSchema,
  storyboardSchema,
} from '~/contract/storyboard';
import { type VideoRecord, type VideoSettings, videoRecordSchema } from '~/contract/video';
import { AllHostsFailedError, ApiError, api } from '~/lib/api/client';
import { type SplitErrors, splitSaveErrors } from './model';

export type SaveStatus =
  /** Everything on screen is on the server. */
  | 'saved'
  /** Edited; a save is scheduled. */
  | 'pending'
  | 'saving'
  /** Another tab or device saved a newer version: reload to go on. */
  | 'conflict'
  /** A field was refused; the errors say where. */
  | 'invalid'
  /** The server could not be reached or failed; "Try again" or the next edit retries. */
  | 'failed';

export interface StoryboardEditorState {
  phase: 'idle' | 'loading' | 'missing' | 'error' | 'ready';
  id: string;
  /** The server's latest answer: version, narrated lengths, each scene's picture, price, status. */
  saved: Storyboard | null;
  scenes: StoryboardScene[];
  settings: VideoSettings | null;
  save: SaveStatus;
  errors: SplitErrors;
  /** Why the last save failed, for 'failed'. */
  problem: string | null;
  rendering: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export interface StoryboardEditorDeps {
  load(id: string): Promise<Storyboard>;
  save(id: string, body: SaveStoryboardRequest): Promise<Storyboard>;
  render(id: string, idempotencyKey: string): Promise<VideoRecord>;
  newKey(): string;
  /** Pause after the last edit before saving. */
  delayMs: number;
  /** The clock that groups quick edits of the same thing into one undo step. */
  now(): number;
}

/** What an undo step restores. */
interface Snapshot {
  scenes: StoryboardScene[];
  settings: VideoSettings;
}

/** Edits of the same thing closer together than this are one undo step. */
const UNDO_GROUP_MS = 1000;
const UNDO_LIMIT = 100;

const NO_ERRORS: SplitErrors = { scenes: {}, other: {} };
const INITIAL: StoryboardEditorState = {
  phase: 'idle',
  id: '',
  saved: null,
  scenes: [],
  settings: null,
  save: 'saved',
  errors: NO_ERRORS,
  problem: null,
  rendering: false,
  canUndo: false,
  canRedo: false,
};

const stripView = (storyboard: Storyboard): StoryboardScene[] =>
  storyboard.scenes.map(({ id, text, query, visual, transition }) => ({ id, text, query, visual, transition }));

const problemText = (error: unknown): string =>
  error instanceof ApiError || error instanceof AllHostsFailedError ? error.message : 'Something unexpected happened.';

type EditorAtom = WritableAtom<StoryboardEditorState>;
type Patch = (change: Partial<StoryboardEditorState>) => void;

/**
 * Undo and redo: the snapshot before each step of edits, and the steps undone. Edits of one group (a scene's words,
 * one setting) closer together than UNDO_GROUP_MS are one step.
 */
function createHistory(now: () => number) {
  let past: Snapshot[] = [];
  let future: Snapshot[] = [];
  /** The last edit's group and time, which the next edit of the same group joins. */
  let lastEdit: { group: string; at: number } | null = null;

  return {
    clear() {
      past = [];
      future = [];
      lastEdit = null;
    },
    /** A user's edit from `before`: a new step, unless it continues the last edit of the same group. */
    record(before: Snapshot, group: string | undefined) {
      const at = now();
      const continues = group !== undefined && lastEdit?.group === group && at - lastEdit.at < UNDO_GROUP_MS;
      if (!continues) past = [...past, before].slice(-UNDO_LIMIT);
      lastEdit = group === undefined ? null : { group, at };
      future = [];
    },
    /** The snapshot one step back (or forward again), keeping `current` for the way back; null when there is none. */
    step(direction: 'undo' | 'redo', current: Snapshot): Snapshot | null {
      const [from, to] = direction === 'undo' ? [past, future] : [future, past];
      const target = from.pop();
      if (!target) return null;
      to.push(current);
      lastEdit = null;
      return target;
    },
    can: () => ({ canUndo: past.length > 0, canRedo: future.length > 0 }),
  };
}

/** Saving in the background: once the user pauses, one save at a time, each knowing whether edits came meanwhile. */
function createAutosave($editor: EditorAtom, patch: Patch, deps: Pick<StoryboardEditorDeps, 'save' | 'delayMs'>) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inflight: Promise<void> | null = null;
  /** Counts edits, so a save knows whether the user changed anything while it was on its way. */
  let edits = 0;

  async function saveOnce(): Promise<void> {
    const state = $editor.get();
    if (!state.saved || !state.settings) return;
    const startedAt = edits;
    const body: SaveStoryboardRequest = {
      version: state.saved.version,
      settings: state.settings,
      scenes: state.scenes,
    };
    const checked = saveStoryboardRequestSchema.safeParse(body);
    if (!checked.success) {
      patch({ save: 'invalid', errors: splitSaveErrors(fieldErrors(checked.error.issues), state.scenes) });
      return;
    }
    patch({ save: 'saving' });
    try {
      const fresh = await deps.save(state.id, checked.data);
      if ($editor.get().id !== state.id) return;
      patch({ saved: fresh, save: edits === startedAt ? 'saved' : 'pending', errors: NO_ERRORS, problem: null });
    } catch (error) {
      if ($editor.get().id !== state.id) return;
      if (error instanceof ApiError && error.status === 409) patch({ save: 'conflict' });
      else if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0)
        patch({ save: 'invalid', errors: splitSaveErrors(error.fields, state.scenes) });
      else patch({ save: 'failed', problem: problemText(error) });
    }
  }

  /** Saves now whatever is pending; true once everything on screen is saved. */
  async function flush(): Promise<boolean> {
    clearTimeout(timer);
    for (;;) {
      if (inflight) {
        await inflight;
        continue;
      }
      if ($editor.get().save !== 'pending') return $editor.get().save === 'saved';
      inflight = saveOnce().finally(() => {
        inflight = null;
      });
    }
  }

  return {
    flush,
    noteEdit() {
      edits += 1;
    },
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), deps.delayMs);
    },
    cancel: () => clearTimeout(timer),
    /** "Try again" after a failed save. */
    retry(): Promise<boolean> {
      if ($editor.get().save === 'failed') patch({ save: 'pending' });
      return flush();
    },
  };
}

/**
 * Saves, then asks for the render. The idempotency key belongs to the version rendered, so pressing again (or a
 * request the client re-sends) does not start a second render, while an edit makes a new one possible.
 * Throws what the server answered (402 and friends) for the screen to show.
 */
function createRender(
  $editor: EditorAtom,
  patch: Patch,
  deps: Pick<StoryboardEditorDeps, 'render' | 'newKey'>,
  flush: () => Promise<boolean>,
) {
  let renderKey: { version: number; key: string } | null = null;
  return async function render(): Promise<VideoRecord | null> {
    if (!(await flush())) return null;
    const state = $editor.get();
    if (!state.saved || state.rendering) return null;
    if (renderKey?.version !== state.saved.version) renderKey = { version: state.saved.version, key: deps.newKey() };
    patch({ rendering: true });
    try {
      return await deps.render(state.id, renderKey.key);
    } catch (error) {
      // An answer means the server decided; the same key would only repeat that decision.
      if (error instanceof ApiError) renderKey = null;
      throw error;
    } finally {
      patch({ rendering: false });
    }
  };
}

export function createStoryboardEditor(deps: StoryboardEditorDeps) {
  const $editor = atom<StoryboardEditorState>(INITIAL);
  const patch: Patch = (change) => $editor.set({ ...$editor.get(), ...change });
  const history = createHistory(deps.now);
  const autosave = createAutosave($editor, patch, deps);
  let opened = 0;

  function adopt(storyboard: Storyboard) {
    history.clear();
    patch({
      phase: 'ready',
      saved: storyboard,
      scenes: stripView(storyboard),
      settings: storyboard.settings,
      save: 'saved',
      errors: NO_ERRORS,
      problem: null,
      canUndo: false,
      canRedo: false,
    });
  }

  async function open(id: string): Promise<void> {
    autosave.cancel();
    const run = ++opened;
    $editor.set({ ...INITIAL, phase: 'loading', id });
    try {
      const storyboard = await deps.load(id);
      if (run === opened) adopt(storyboard);
    } catch (error) {
      if (run !== opened) return;
      patch({
        phase: error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'missing' : 'error',
        problem: problemText(error),
      });
    }
  }

  const current = (): Snapshot | null => {
    const { phase, scenes, settings } = $editor.get();
    return phase === 'ready' && settings ? { scenes, settings } : null;
  };

  /** Puts a version of the scenes and settings on screen; saved after a pause. While in conflict it stays local. */
  function show(next: Partial<Snapshot>) {
    autosave.noteEdit();
    const conflict = $editor.get().save === 'conflict';
    patch({ ...next, save: conflict ? 'conflict' : 'pending', ...history.can() });
    if (!conflict) autosave.schedule();
  }

  function change(next: Partial<Snapshot>, group?: string) {
    const before = current();
    if (!before || JSON.stringify({ ...before, ...next }) === JSON.stringify(before)) return;
    history.record(before, group);
    show(next);
  }

  /** Steps back (or forward again) through the edits; false when there is nothing to step to. */
  function step(direction: 'undo' | 'redo'): boolean {
    const now = current();
    const target = now && history.step(direction, now);
    if (!target) return false;
    show(target);
    return true;
  }

  /** `group` names what is being edited (a scene's words) so that typing it is one undo step. */
  const editScenes = (edit: (scenes: readonly StoryboardScene[]) => StoryboardScene[], group?: string) =>
    change({ scenes: edit($editor.get().scenes) }, group);
  /** A slider dragged or a colour picked is one step; a different setting changed next is another. */
  const editSettings = (settings: VideoSettings) => {
    const before = $editor.get().settings;
    const changed = (Object.keys(settings) as (keyof VideoSettings)[]).filter(
      (key) => JSON.stringify(settings[key]) !== JSON.stringify(before?.[key]),
    );
    change({ settings }, `settings:${changed.join(',')}`);
  };

  /**
   * Reads the server's figures again (a narration preview has just measured a scene) without touching what is on
   * screen; skipped while an edit is on its way, whose save brings them anyway.
   */
  async function refreshFigures(): Promise<void> {
    const { id, save } = $editor.get();
    if (!id || save !== 'saved') return;
    try {
      const fresh = await deps.load(id);
      const now = $editor.get();
      if (now.id === id && now.save === 'saved' && now.saved && fresh.version === now.saved.version)
        patch({ saved: fresh });
    } catch {
      // Only figures: the next save brings them.
    }
  }

  /** After a conflict: the server's version replaces the local edits. */
  async function reload(): Promise<void> {
    const { id } = $editor.get();
    if (id) await open(id);
  }

  /**
   * Leaving the screen: whatever is pending is saved (not awaited), and the next visit starts from a fresh load
   * rather than showing this copy first.
   */
  function close() {
    if ($editor.get().save === 'pending') void autosave.flush();
    opened += 1;
    patch({ phase: 'idle' });
  }

  return {
    $editor,
    open,
    editScenes,
    editSettings,
    undo: () => step('undo'),
    redo: () => step('redo'),
    flush: autosave.flush,
    retry: autosave.retry,
    reload,
    refreshFigures,
    render: createRender($editor, patch, deps, autosave.flush),
    close,
  };
}

export type StoryboardEditor = ReturnType<typeof createStoryboardEditor>;

const base = (id: string) => `/storyboards/${encodeURIComponent(id)}`;
const parseStoryboard = (data: unknown) => storyboardSchema.parse(data);

export const storyboardEditor = createStoryboardEditor({
  load: (id) => api.get<Storyboard>(base(id), { parse: parseStoryboard }),
  save: (id, body) => api.put<Storyboard>(base(id), body, { parse: parseStoryboard }),
  render: (id, key) =>
    api.post<VideoRecord>(`${base(id)}/render`, undefined, {
      headers: { 'Idempotency-Key': key },
      parse: (data) => videoRecordSchema.parse(data),
    }),
  newKey: () => crypto.randomUUID(),
  delayMs: 800,
  now: () => Date.now(),
});
