/**
 * A brand kit in the render: intro and outro cards as extra slots of the timeline (silence under them, the
 * narration shifted after the intro), each card a still drawn once by ffmpeg (brand-card.ts), and the logo overlaid in its corner between the cards. Everything still goes through the one render pass
 * of render.ts: the cards join the lanes like any scene's still, and the logo is one more input, scaled once.
 */
import type { LogoPlacement } from '~/contract/brand.ts';
import type { SceneSlot, Timeline } from './timeline.ts';

/** A timeline whose first and/or last slot is a brand card rather than a narrated scene. */
export interface BrandedTimeline extends Timeline {
  cards?: { intro: boolean; outro: boolean };
}

const STILL: SceneSlot['pan'] = { dx: 0, dy: 0 };

/**
 * Adds an intro card before the first scene and an outro card after the last, each `ms` long (in whole frames),
 * crossfading with its neighbour like two scenes do. Every narrated scene moves later by the intro's length; the
 * video grows by exactly the two cards.
 */
export function withBrandCards(timeline: Timeline, introMs: number, outroMs: number): BrandedTimeline {
  const { fps, transitionFrames: fade } = timeline;
  const introFrames = Math.round((introMs * fps) / 1000);
  const outroFrames = Math.round((outroMs * fps) / 1000);
  const lead = Math.floor(fade / 2);
  const shiftMs = (introFrames * 1000) / fps;
  const scenes = timeline.scenes.map((slot, i): SceneSlot => {
    const moved = { ...slot, audioStartMs: slot.audioStartMs + shiftMs, firstFrame: slot.firstFrame + introFrames };
    // The first scene now fades in from the intro (its crossfade starts `lead` frames before the cut).
    if (i === 0 && introFrames > 0)
      Object.assign(moved, { firstFrame: introFrames - lead, frames: moved.frames + lead });
    if (i === timeline.scenes.length - 1 && outroFrames > 0) moved.frames += fade - lead;
    return moved;
  });
  const outroCut = timeline.totalFrames + introFrames;
  const intro: SceneSlot[] =
    introFrames > 0
      ? [{ audioStartMs: 0, audioMs: 0, firstFrame: 0, frames: introFrames - lead + fade, pan: STILL }]
      : [];
  const outro: SceneSlot[] =
    outroFrames > 0
      ? [
          {
            audioStartMs: (outroCut * 1000) / fps,
            audioMs: 0,
            firstFrame: outroCut - lead,
            frames: outroFrames + lead,
            pan: STILL,
          },
        ]
      : [];
  const totalFrames = outroCut + outroFrames;
  return {
    ...timeline,
    totalFrames,
    totalMs: Math.round((totalFrames * 1000) / fps),
    scenes: [...intro, ...scenes, ...outro],
    cards: { intro: introFrames > 0, outro: outroFrames > 0 },
  };
}

/** The slots that carry narration, in scene order (all of them on a timeline without cards). */
export function narrationSlots(timeline: BrandedTimeline): SceneSlot[] {
  const { intro = false, outro = false } = timeline.cards ?? {};
  return timeline.scenes.slice(intro ? 1 : 0, outro ? -1 : undefined);
}

/** Seconds in which the logo shows in its corner: from the cut after the intro to the cut before the outro. */
export function logoWindow(timeline: BrandedTimeline): { fromMs: number; toMs: number } {
  const slots = narrationSlots(timeline);
  const fade = timeline.transitionFrames;
  const lead = Math.floor(fade / 2);
  const first = timeline.cards?.intro ? slots[0]!.firstFrame + lead : 0;
  const last = slots[slots.length - 1]!;
  const end = timeline.cards?.outro ? last.firstFrame + last.frames - fade + lead : timeline.totalFrames;
  return { fromMs: (first * 1000) / timeline.fps, toMs: (end * 1000) / timeline.fps };
}

/** The scenes' visuals with the card stills in their slots, in timeline order. */
export function stillsWithCards<T>(scenes: readonly T[], cards: { intro?: T | null; outro?: T | null }): T[] {
  return [...(cards.intro ? [cards.intro] : []), ...scenes, ...(cards.outro ? [cards.outro] : [])];
}

export interface LogoOverlay {
  /** The logo file (PNG, JPEG or WebP; PNG and WebP transparency kept). */
  path: string;
  placement: LogoPlacement;
  /** 0..1 */
  opacity: number;
  fromMs: number;
  toMs: number;
}

/**
 * Filter lines that put the logo on `input` (a 4:2:0 stream) and name the result `output`. The logo input is one
 * frame, so its scaling, opacity and conversion run once; overlay repeats that frame for the rest of the video.
 */
export function logoOverlayFilters(logo: LogoOverlay, inputIndex: number, input: string, output: string): string[] {
  const { x, y, width, height } = logo.placement;
  return [
    `[${inputIndex}:v]scale=${width}:${height}:flags=lanczos,format=rgba,colorchannelmixer=aa=${logo.opacity.toFixed(3)},` +
      `scale=out_color_matrix=bt709:out_range=tv,format=yuva420p[logo]`,
    `${input}[logo]overlay=x=${x}:y=${y}:format=yuv420:enable='between(t\\,${(logo.fromMs / 1000).toFixed(3)}\\,${(logo.toMs / 1000).toFixed(3)})'${output}`,
  ];
}
