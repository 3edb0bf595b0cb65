/**
 * The storyboard editor's pure logic: the figures beside the scenes, where a refused save's field errors belong,
 * the labels of a scene's visual, and the few edits the contract's scene functions do not cover. No React here.
 */
import type { FieldErrors } from '~/contract/errors';
import { storyboardCost, type SceneVisual, type StoryboardScene, type StoryboardSceneView } from '~/contract/storyboard';
import { estimateNarration, STOCK_PROVIDER_NAMES, type ClipAudio, type VideoAspect, type VideoResolution } from '~/contract/video';

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
export function sceneLength(scene: Pick<StoryboardScene, 'id' | 'text'>, saved: readonly Pick<StoryboardSceneView, 'id' | 'text' | 'narratedSec'>[]): SceneLength {
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

export function storyboardTotals(scenes: readonly Pick<StoryboardScene, 'id' | 'text'>[], saved: readonly StoryboardSceneView[], resolution: VideoResolution): StoryboardTotals {
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
    (result.scenes[scene.id] ??= {})[match[2] ?? '_'] ??= message;
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
export function restoreScene(scenes: readonly StoryboardScene[], scene: StoryboardScene, index: number): StoryboardScene[] {
  if (scenes.some((s) => s.id === scene.id)) return [...scenes];
  return [...scenes.slice(0, index), scene, ...scenes.slice(index)];
}

/** The create form's own images and clips, given to the scenes in order and repeated when there are more scenes. */
export function assignImages(scenes: readonly StoryboardScene[], fileIds: readonly string[], audio: ClipAudio = 'mute'): StoryboardScene[] {
  if (fileIds.length === 0) return [...scenes];
  return scenes.map((scene, i) => ({ ...scene, visual: { kind: 'upload', fileId: fileIds[i % fileIds.length]!, audio } }));
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

/** A fresh seed for "Regenerate", never the one in use. */
export function nextSeed(current: number, random: () => number = Math.random): number {
  const seed = Math.floor(random() * 2 ** 31);
  return seed === current ? (seed + 1) % 2 ** 31 : seed;
}

/** Whether a scene's visual moves: stock videos, and uploads the editor knows to be clips. */
export function isClip(visual: SceneVisual, clipFileIds: ReadonlySet<string>): boolean {
  return (visual.kind === 'stock' && visual.media === 'video') || (visual.kind === 'upload' && clipFileIds.has(visual.fileId));
}

