/**
 * Where every scene sits in the finished video, in whole frames, derived only from the narration lengths: the
 * narration track, the crossfades, the pans and the captions all read their times from here, so they cannot
 * drift apart.
 */
import type { SceneTransition } from '~/contract/storyboard.ts';

export interface TimelineSettings {
  fps: number;
  /** Silence before the first word. */
  leadInMs: number;
  /** Breath between two scenes' narration; the crossfade sits in its middle. */
  gapMs: number;
  /** Silence after the last word, so the video does not cut off mid-breath. */
  tailMs: number;
  /** Length of each crossfade, and of each dip through black (half out, half in). */
  transitionFrames: number;
}

export const DEFAULT_TIMELINE: TimelineSettings = {
  fps: 25,
  leadInMs: 300,
  gapMs: 500,
  tailMs: 700,
  transitionFrames: 15,
};

export interface PanMove {
  /** Pixels per frame, -1, 0 or 1 on each axis: whole pixels keep the motion free of jitter. */
  dx: -1 | 0 | 1;
  dy: -1 | 0 | 1;
}

export interface SceneSlot {
  /** Where this scene's narration starts in the narration track. */
  audioStartMs: number;
  audioMs: number;
  /** The frames this scene's picture is on screen, crossfades included: [firstFrame, firstFrame + frames). */
  firstFrame: number;
  frames: number;
  pan: PanMove;
  /** Into this scene. Absent on the first scene and on timelines saved before there was a choice (crossfades). */
  transition?: SceneTransition;
}

export interface Timeline {
  fps: number;
  totalFrames: number;
  totalMs: number;
  transitionFrames: number;
  scenes: SceneSlot[];
}

const LANDSCAPE_PANS: readonly PanMove[] = [
  { dx: 1, dy: 0 },
  { dx: -1, dy: 1 },
  { dx: -1, dy: 0 },
  { dx: 1, dy: -1 },
];
const PORTRAIT_PANS: readonly PanMove[] = [
  { dx: 0, dy: 1 },
  { dx: 1, dy: -1 },
  { dx: 0, dy: -1 },
  { dx: -1, dy: 1 },
];

/** Alternating directions give the slideshow a rhythm; tall frames pan mostly along their long side. */
export const panFor = (index: number, portrait: boolean): PanMove =>
  (portrait ? PORTRAIT_PANS : LANDSCAPE_PANS)[index % 4]!;

/** Frames scene `index` shares with the one before it: a crossfade's; cuts and dips change picture on one frame. */
export function overlapFrames(timeline: Timeline, index: number): number {
  if (index === 0) return 0;
  return (timeline.scenes[index]!.transition ?? 'crossfade') === 'crossfade' ? timeline.transitionFrames : 0;
}

/** `transitions[i]` is the cut into scene i (i ≥ 1; crossfade when absent). */
export function buildTimeline(
  audioMs: readonly number[],
  portrait: boolean,
  transitions: readonly SceneTransition[] = [],
  settings: TimelineSettings = DEFAULT_TIMELINE,
): Timeline {
  if (audioMs.length === 0) throw new Error('A timeline needs at least one scene');
  const { fps } = settings;
  const toFrame = (ms: number) => Math.round((ms * fps) / 1000);

  const audioStarts: number[] = [];
  let cursor = settings.leadInMs;
  for (const ms of audioMs) {
    audioStarts.push(cursor);
    cursor += ms + settings.gapMs;
  }
  const totalFrames = toFrame(cursor - settings.gapMs + settings.tailMs);
  // Cut points: the middle of each gap between two scenes' narration.
  const cuts = [0, ...audioStarts.slice(1).map((start) => toFrame(start - settings.gapMs / 2)), totalFrames];
  const shortest = Math.min(...cuts.slice(1).map((cut, i) => cut - cuts[i]!));
  // Two crossfades must never overlap, even around a one-word scene.
  const transitionFrames = Math.max(0, Math.min(settings.transitionFrames, shortest - 2));
  const lead = Math.floor(transitionFrames / 2);

  const transition = (i: number): SceneTransition => transitions[i] ?? 'crossfade';
  // A crossfade starts half its length before the cut; a cut or a dip changes picture on the cut itself.
  const start = (i: number) => (i === 0 ? 0 : transition(i) === 'crossfade' ? cuts[i]! - lead : cuts[i]!);
  const overlap = (i: number) => (transition(i) === 'crossfade' ? transitionFrames : 0);
  const scenes = audioMs.map((ms, i): SceneSlot => {
    const first = start(i);
    const end = i === audioMs.length - 1 ? totalFrames : start(i + 1) + overlap(i + 1);
    const slot: SceneSlot = {
      audioStartMs: audioStarts[i]!,
      audioMs: ms,
      firstFrame: first,
      frames: end - first,
      pan: panFor(i, portrait),
    };
    return i === 0 ? slot : { ...slot, transition: transition(i) };
  });
  return { fps, totalFrames, totalMs: Math.round((totalFrames * 1000) / fps), transitionFrames, scenes };
}

/**
 * The pan moves one whole pixel every this many frames (12.5 pixels a second at 25 fps): a calm drift, and a frame
 * that repeats the one before costs x264 almost nothing, where a moved one is motion to search across the frame.
 */
export const PAN_FRAMES_PER_PIXEL = 2;

/**
 * One size for every still of a video: the frame plus the longest pan on each axis (a pixel every
 * PAN_FRAMES_PER_PIXEL frames).
 * Equal sizes let the renderer feed all stills through one stream; shorter scenes pan across the middle part.
 */
export function stillSize(timeline: Timeline, width: number, height: number): { width: number; height: number } {
  const travel = (axis: 'dx' | 'dy') =>
    Math.max(
      0,
      ...timeline.scenes.filter((s) => s.pan[axis] !== 0).map((s) => Math.floor((s.frames - 1) / PAN_FRAMES_PER_PIXEL)),
    );
  const even = (n: number) => n + (n % 2);
  // Two pixels more on a moving axis: the renderer reads odd pan positions from a copy shifted by one.
  const margin = (n: number) => (n > 0 ? even(n) + 2 : 0);
  return { width: width + margin(travel('dx')), height: height + margin(travel('dy')) };
}
