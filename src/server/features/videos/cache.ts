/**
 * Content-addressed store for what a render makes per scene, under DATA_DIR/cache: narration (a WAV and its word
 * timings) and scene pictures (a PNG, or a stock clip, and where it came from). The key is a hash of everything the result depends
 * on, so an edited storyboard re-renders only what changed, and the storyboard's previews are the render's own
 * work. Entries are written to a temporary name and renamed, so a reader never sees half a file; reading one
 * touches it, and `trim` removes the least recently used past the configured size.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { SceneVisual } from '~/contract/storyboard.ts';
import type { VisualOrder } from '~/contract/video.ts';
import type { Voice } from '~/contract/voices.ts';
import type { TimedWord } from '~/server/media/word-timing.ts';

/** Bump when what an entry holds changes shape, so old entries are never read as new ones. */
export const CACHE_FORMAT = 1;

const hash = (value: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify({ format: CACHE_FORMAT, value }))
    .digest('hex');

export interface NarrationKeyInput {
  voice: Pick<Voice, 'id' | 'engine'>;
  /** Engine settings the synthesis used (speed, pitch); the pipeline uses the voice's defaults, `{}`. */
  settings: Record<string, unknown>;
  /** Exactly what is spoken. */
  text: string;
}

export const narrationKey = ({ voice, settings, text }: NarrationKeyInput): string =>
  hash({ kind: 'narration', engine: voice.engine, voice: voice.id, settings, text });

/**
 * Everything a scene's picture depends on. A chosen visual names its content (stock item, AI prompt + seed +
 * engine, uploaded file, designed seed + text); "auto" is keyed by what the pick is made from (the scene's words,
 * query, the visual order and the sources available), so the preview's pick is the render's.
 */
/** What an illustration's drawing depends on besides the scene's words: the video's look and the scene's place. */
export interface IllustrationKey {
  palette: unknown;
  captions: string;
  /** The scene's place, as far as the layout uses it: its sides alternate, so only odd or even counts. */
  side: number;
  /** What the reader read in the scene's sentence (its setting may come from the scenes before it). */
  reading?: unknown;
}

export type VisualKeyInput =
  | { kind: 'designed'; seed: number; text: string }
  | { kind: 'illustration'; text: string; style: IllustrationKey }
  | { kind: 'ai'; engine: string; prompt: string; seed: number }
  | { kind: 'stock'; provider: string; media: string; id: string }
  | { kind: 'upload'; fileId: string }
  | {
      kind: 'auto';
      order: VisualOrder;
      sources: readonly string[];
      text: string;
      query: string;
      seed: number;
      style?: IllustrationKey;
    };

export const visualKey = (input: VisualKeyInput, size: { width: number; height: number }): string =>
  hash({ ...input, width: size.width, height: size.height });

/** A stable seed from a scene id, so a designed picture survives reordering (the one-step video seeds by index). */
export const sceneSeed = (sceneId: string): number =>
  createHash('sha256').update(sceneId).digest().readUInt32BE(0) & 0x7fffffff;

/** The key input of a storyboard scene's visual; `ai` names the configured engine, `sources` those available. */
export function sceneVisualKeyInput(
  scene: { id: string; text: string; query: string; visual: SceneVisual },
  context: {
    order: VisualOrder;
    sources: readonly string[];
    aiEngine: string | undefined;
    illustration: IllustrationKey;
  },
): VisualKeyInput {
  const seed = sceneSeed(scene.id);
  const { visual } = scene;
  switch (visual.kind) {
    case 'designed':
      return { kind: 'designed', seed, text: scene.text };
    case 'illustration':
      return { kind: 'illustration', text: scene.text, style: context.illustration };
    case 'ai':
      // With no image model the illustration stands in (pictures/scene-visuals.ts), and is the same picture as one chosen.
      if (!context.aiEngine) return { kind: 'illustration', text: scene.text, style: context.illustration };
      return {
        kind: 'ai',
        engine: context.aiEngine,
        prompt: visual.prompt || scene.query || scene.text,
        seed: visual.seed,
      };
    case 'stock':
      return { kind: 'stock', provider: visual.provider, media: visual.media, id: visual.id };
    case 'upload':
      return { kind: 'upload', fileId: visual.fileId };
    case 'auto':
      return {
        kind: 'auto',
        order: context.order,
        sources: context.sources,
        text: scene.text,
        query: scene.query,
        seed,
        // Only an order that can end in an illustration depends on its look.
        ...(context.sources.includes('illustration') ? { style: context.illustration } : {}),
      };
  }
}

export interface CachedNarration {
  wav: string;
  durationMs: number;
  sampleRate: number;
  words: TimedWord[];
}

export interface CachedVisual<Meta> {
  file: string;
  meta: Meta;
}

export interface ContentCache {
  readonly root: string;
  getNarration(key: string): Promise<CachedNarration | null>;
  putNarration(key: string, wav: Uint8Array, info: Omit<CachedNarration, 'wav'>): Promise<CachedNarration>;
  getVisual<Meta>(key: string): Promise<CachedVisual<Meta> | null>;
  /** Copies `file` (a PNG or a stock clip the caller fetched) into the cache, keeping its extension. */
  putVisual<Meta>(key: string, file: string, meta: Meta): Promise<CachedVisual<Meta>>;
  /** Removes the least recently used entries until the cache is within its size; returns how many went. */
  trim(): Promise<number>;
}

export const contentCacheDir = (dataDir: string): string => path.join(dataDir, 'cache');

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

export function createContentCache(dataDir: string, maxBytes: number): ContentCache {
  const root = contentCacheDir(dataDir);
  const entry = (kind: 'narration' | 'visuals', key: string) => path.join(root, kind, key.slice(0, 2), key);

  async function writeAtomic(file: string, data: Uint8Array | string): Promise<void> {
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomUUID()}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, file);
  }

  /** The JSON side file is written last: an entry exists once it does. */
  async function readEntry<T>(base: string, data: string): Promise<T | null> {
    try {
      const info = JSON.parse(await fs.readFile(`${base}.json`, 'utf8')) as T;
      if (!(await exists(data))) return null;
      const now = new Date();
      await Promise.all([fs.utimes(`${base}.json`, now, now), fs.utimes(data, now, now)]).catch(() => undefined);
      return info;
    } catch {
      return null;
    }
  }

  return {
    root,
    async getNarration(key) {
      const base = entry('narration', key);
      const info = await readEntry<Omit<CachedNarration, 'wav'>>(base, `${base}.wav`);
      return info ? { ...info, wav: `${base}.wav` } : null;
    },
    async putNarration(key, wav, info) {
      const base = entry('narration', key);
      await writeAtomic(`${base}.wav`, wav);
      await writeAtomic(`${base}.json`, JSON.stringify(info));
      return { ...info, wav: `${base}.wav` };
    },
    async getVisual<Meta>(key: string) {
      const base = entry('visuals', key);
      let ext: string;
      try {
        ({ ext } = JSON.parse(await fs.readFile(`${base}.json`, 'utf8')) as { ext: string });
      } catch {
        return null;
      }
      const info = await readEntry<{ meta: Meta }>(base, `${base}${ext}`);
      return info ? { file: `${base}${ext}`, meta: info.meta } : null;
    },
    async putVisual<Meta>(key: string, file: string, meta: Meta) {
      const base = entry('visuals', key);
      const ext = path.extname(file) === '.mp4' ? '.mp4' : '.png';
      await fs.mkdir(path.dirname(base), { recursive: true });
      const temp = `${base}.${randomUUID()}.tmp`;
      await fs.copyFile(file, temp);
      await fs.rename(temp, `${base}${ext}`);
      await writeAtomic(`${base}.json`, JSON.stringify({ meta, ext }));
      return { file: `${base}${ext}`, meta };
    },
    async trim() {
      const files: Array<{ file: string; size: number; used: number }> = [];
      for (const kind of ['narration', 'visuals']) {
        const dir = path.join(root, kind);
        const names = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
        for (const name of names) {
          const file = path.join(dir, name);
          const stat = await fs.stat(file).catch(() => null);
          if (stat?.isFile()) files.push({ file, size: stat.size, used: stat.mtimeMs });
        }
      }
      let total = files.reduce((sum, f) => sum + f.size, 0);
      if (total <= maxBytes) return 0;
      // An entry's files go together: the side file first, so a half-removed entry reads as missing.
      const entries = new Map<string, { size: number; used: number; files: string[] }>();
      for (const f of files) {
        const base = f.file.replace(/\.(json|wav|png|mp4|tmp)$/, '').replace(/\.[0-9a-f-]{36}$/, '');
        const e = entries.get(base) ?? { size: 0, used: 0, files: [] };
        e.size += f.size;
        e.used = Math.max(e.used, f.used);
        e.files.push(f.file);
        entries.set(base, e);
      }
      let removed = 0;
      for (const e of [...entries.values()].sort((a, b) => a.used - b.used)) {
        if (total <= maxBytes) break;
        for (const file of e.files.sort((a) => (a.endsWith('.json') ? -1 : 1))) await fs.rm(file, { force: true });
        total -= e.size;
        removed++;
      }
      return removed;
    },
  };
}
