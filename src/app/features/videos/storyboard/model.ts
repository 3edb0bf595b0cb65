/**
 * The storyboard editor's pure logic: the figures beside the scenes, where a refused save's field errors belong,
 * the labels of a scene's visual, and the few edits the contract's scene functions do not cover. No React here.
 */
import type { FieldErrors } from '~/contract/errors';
import {
  type SceneVisual,
  type StoryboardScene,
  type StoryboardSceneView,
  storyboardCost,
} from '~/contract/storyboard';
import {
  type ClipAudio,
  describePicture,
  estimateNarration,
  type ScenePicture,
  STOCK_PROVIDER_NAMES,
  VISUAL_ORDER_SOURCES,
  type VideoAspect,
  type VideoResolution,
  type VideoSettings,
  type VisualOrder,
} from '~/contract/video';

/** A scene's length as the editor shows it: the real narration when the saved text was narrated, else the estimate. */
export interface SceneLength {
  estimatedSec: number;
  /** Null until the scene's current text has been narrated for the storyboard's voice. */
  narratedSec: number | null;
}

/**
 * The server's narrated length belongs to the text it narrated: once the user changes the words here, only the
 * estimate is true until the next save narrates (or looks up) the new text.
 */
export function sceneLength(
  scene: Pick<StoryboardScene, 'id' | 'text'>,
  saved: readonly Pick<StoryboardSceneView, 'id' | 'text' | 'narratedSec'>[],
): SceneLength {
  const match = saved.find((s) => s.id === scene.id);
  return {
    estimatedSec: estimateNarration(scene.text).seconds,
    narratedSec: match && match.text === scene.text.trim() ? match.narratedSec : null,
  };
}

export interface StoryboardTotals {
  scenes: number;
  /** Narrated lengths where known, estimates elsewhere. */
  seconds: number;
  /** What the render would hold, by the server's rule (storyboardCost). */
  cost: number;
}

export function storyboardTotals(
  scenes: readonly Pick<StoryboardScene, 'id' | 'text'>[],
  saved: readonly StoryboardSceneView[],
  resolution: VideoResolution,
): StoryboardTotals {
  const seconds = scenes.reduce((sum, scene) => {
    const { estimatedSec, narratedSec } = sceneLength(scene, saved);
    return sum + (narratedSec ?? estimatedSec);
  }, 0);
  return { scenes: scenes.length, seconds, cost: storyboardCost(scenes, resolution) };
}

/** "0:07" under a minute is vague; scenes are short, so tenths of a second read better: "6.4 s", "1:12". */
export function formatSceneSeconds(seconds: number): string {
  if (seconds < 60) return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

export interface SplitErrors {
  /** By scene id, then by the scene's field ("text", "visual.prompt"). */
  scenes: Record<string, Record<string, string>>;
  /** Everything not about one scene (settings, the scene list as a whole), under its own path. */
  other: FieldErrors;
}

const SCENE_PATH = /^scenes\.(\d+)(?:\.(.+))?$/;

/**
 * A 400 names scenes by their place in the list that was sent ("scenes.2.text"); the user may have moved scenes
 * since, so the errors are pinned to the ids of the scenes that were sent.
 */
export function splitSaveErrors(fields: FieldErrors, sent: readonly Pick<StoryboardScene, 'id'>[]): SplitErrors {
  const result: SplitErrors = { scenes: {}, other: {} };
  for (const [path, message] of Object.entries(fields)) {
    const match = SCENE_PATH.exec(path);
    const scene = match ? sent[Number(match[1])] : undefined;
    if (!match || !scene) {
      result.other[path] = message;
      continue;
    }
    const fields = result.scenes[scene.id] ?? {};
    fields[match[2] ?? '_'] ??= message;
    result.scenes[scene.id] = fields;
  }
  return result;
}

/** Removes a scene; the last one stays, since a video needs at least one. */
export function removeScene(scenes: readonly StoryboardScene[], id: string): StoryboardScene[] {
  if (scenes.length <= 1) return [...scenes];
  return scenes.filter((scene) => scene.id !== id);
}

/**
 * A deleted scene put back at the place it had, or at the end when the storyboard has since become shorter. A scene
 * already there (the deletion was undone another way) is not added twice.
 */
export function restoreScene(
  scenes: readonly StoryboardScene[],
  scene: StoryboardScene,
  index: number,
): StoryboardScene[] {
  if (scenes.some((s) => s.id === scene.id)) return [...scenes];
  return [...scenes.slice(0, index), scene, ...scenes.slice(index)];
}

/** The create form's own images and clips, given to the scenes in order and repeated when there are more scenes. */
export function assignImages(
  scenes: readonly StoryboardScene[],
  fileIds: readonly string[],
  audio: ClipAudio = 'mute',
): StoryboardScene[] {
  if (fileIds.length === 0) return [...scenes];
  return scenes.map((scene, i) => ({
    ...scene,
    visual: { kind: 'upload', fileId: fileIds[i % fileIds.length]!, audio },
  }));
}

/** The stock search's orientation for the video's shape. */
export const stockOrientation = (aspect: VideoAspect): 'landscape' | 'portrait' | 'square' =>
  aspect === '16:9' ? 'landscape' : aspect === '9:16' ? 'portrait' : 'square';

/** What the scene card says about its visual, in a few words. */
export function visualLabel(visual: SceneVisual): string {
  switch (visual.kind) {
    case 'auto':
      return 'Chosen for you';
    case 'designed':
      return 'Designed background';
    case 'illustration':
      return 'Illustration';
    case 'ai':
      return 'AI image';
    case 'stock':
      return `${STOCK_PROVIDER_NAMES[visual.provider]} ${visual.media === 'video' ? 'video' : 'photo'}`;
    case 'upload':
      return 'Your upload';
  }
}

const sameVisual = (a: SceneVisual, b: SceneVisual) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What the server said the scene's picture will be, while it still speaks of this scene's visual: null once the user
 * picked another one that is not saved yet. New words keep the last answer until their save brings the next.
 * `exact`: only for the very words on screen (for saying what will be drawn of them).
 */
export function scenePicture(
  scene: Pick<StoryboardScene, 'id' | 'text' | 'visual'>,
  saved: readonly Pick<StoryboardSceneView, 'id' | 'text' | 'visual' | 'picture'>[],
  exact = false,
): ScenePicture | null {
  const match = saved.find((s) => s.id === scene.id);
  if (!match || !sameVisual(match.visual, scene.visual) || (exact && match.text !== scene.text.trim())) return null;
  return match.picture;
}

/**
 * What the scene card says its picture is: the choice, and for "Chosen for you" what the render will use ("Chosen for
 * you · Illustration: coffee, journey, Ethiopia"); a choice this server cannot make says what stands in for it.
 */
export function pictureText(visual: SceneVisual, picture: ScenePicture | null): string {
  const label = visualLabel(visual);
  if (!picture) return label;
  switch (visual.kind) {
    case 'auto':
      return `${label} · ${describePicture(picture)}`;
    case 'illustration':
      return picture.source === 'illustration'
        ? describePicture(picture)
        : `${label}: nothing here to draw, so a designed background`;
    case 'ai':
      if (picture.source === 'ai') return label;
      return picture.source === 'illustration'
        ? `${label}: no image model here, so an illustration of ${picture.subjects.join(', ')}`
        : `${label}: no image model here, so a designed background`;
    default:
      return label;
  }
}

/** The picture dialog's tabs, a source each. */
export type SourceTab = Exclude<SceneVisual['kind'], 'auto'>;

/**
 * Where the picture dialog opens: on the scene's own choice when this server has that source, else on the first
 * source of the visual order it has (an illustration where there is no stock library or image model). Until the
 * server has said which sources it lacks, none is taken as missing.
 */
export function openingTab(
  visual: SceneVisual,
  order: VisualOrder,
  lacking: { stock: boolean; ai: boolean } | null,
): SourceTab {
  const has = (source: SourceTab) => !(source === 'stock' || source === 'ai') || !lacking?.[source];
  if (visual.kind !== 'auto' && has(visual.kind)) return visual.kind;
  return VISUAL_ORDER_SOURCES[order].find(has) ?? 'designed';
}

/** What the Illustration tab can say it will draw of a scene, from what the server last said of its words. */
export type IllustrationOutlook =
  | { kind: 'draws'; subjects: string[] }
  /** Nothing in the words is sure to draw: the beat sets them in large type. */
  | { kind: 'type'; subjects: string[] }
  | { kind: 'nothing' }
  | { kind: 'unknown' };

export function illustrationOutlook(
  visual: SceneVisual,
  picture: ScenePicture | null,
  order: VisualOrder,
): IllustrationOutlook {
  if (!picture) return { kind: 'unknown' };
  if (picture.source === 'illustration')
    return { kind: picture.layout === 'key-phrase' ? 'type' : 'draws', subjects: picture.subjects };
  // A designed background where an illustration was tried means nothing in the words can be drawn.
  const triedIllustration =
    visual.kind === 'illustration' || (visual.kind === 'auto' && VISUAL_ORDER_SOURCES[order].includes('illustration'));
  return picture.source === 'designed' && triedIllustration ? { kind: 'nothing' } : { kind: 'unknown' };
}

/**
 * What a scene's preview image depends on, so it is fetched again when that changes on the server: the visual and
 * its words (designed backgrounds and illustrations are drawn from them), the order for an automatic pick, and for
 * illustrations the scene's place and the video's captions and brand kit (layout and palette).
 */
export function previewVersion(
  scene: Pick<StoryboardScene, 'text' | 'query' | 'visual'>,
  index: number,
  settings: Pick<VideoSettings, 'aspect' | 'visualOrder' | 'captionOptions' | 'brandKit'>,
): string {
  const { visual } = scene;
  const byWords = visual.kind !== 'stock' && visual.kind !== 'upload';
  const drawn =
    visual.kind === 'illustration' ||
    (visual.kind === 'auto' && VISUAL_ORDER_SOURCES[settings.visualOrder].includes('illustration'));
  return JSON.stringify([
    visual,
    scene.query,
    settings.aspect,
    byWords ? scene.text : null,
    visual.kind === 'auto' ? settings.visualOrder : null,
    drawn ? [index, settings.captionOptions.position, settings.brandKit ?? null] : null,
  ]);
}

/** A fresh seed for "Regenerate", never the one in use. */
export function nextSeed(current: number, random: () => number = Math.random): number {
  const seed = Math.floor(random() * 2 ** 31);
  return seed === current ? (seed + 1) % 2 ** 31 : seed;
}

/** Whether a scene's visual moves: stock videos, and uploads the editor knows to be clips. */
export function isClip(visual: SceneVisual, clipFileIds: ReadonlySet<string>): boolean {
  return (
    (visual.kind === 'stock' && visual.media === 'video') ||
    (visual.kind === 'upload' && clipFileIds.has(visual.fileId))
  );
}
