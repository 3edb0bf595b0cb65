/**
 * Every price and the signup grant, in credits. Pure and shared: the server charges with these functions and the
 * browser shows the same numbers before the user commits.
 */
import type { ImageEngineId } from './images.ts';
import type { ScriptEngineKind } from './scripts.ts';

export const SIGNUP_GRANT = 100;

export const VIDEO_RESOLUTIONS = ['720p', '1080p'] as const;
export type VideoResolution = (typeof VIDEO_RESOLUTIONS)[number];

export const PRICES = {
  /** Per started minute of finished video. */
  videoPerMinute: { '720p': 10, '1080p': 15 } satisfies Record<VideoResolution, number>,
  /** Per started block of 1000 characters of speech. */
  ttsPer1000Chars: 2,
  scriptGeneration: 1,
  imagePerImage: 3,
  /** Per started minute of the source video, whatever its resolution. */
  watermarkPerMinute: 5,
} as const;

/**
 * Below this many spendable credits the account is running low (the `credits.low` webhook, sent once each time a
 * spend crosses it): the price of one minute of 720p video, the smallest video worth making.
 */
export const LOW_CREDITS_THRESHOLD = PRICES.videoPerMinute['720p'];

const MINUTE_MS = 60_000;

/** Video price: every started minute counts, so a 61 s video costs two minutes. */
export function videoCost(durationMs: number, resolution: VideoResolution): number {
  if (!Number.isFinite(durationMs) || durationMs <= 0) return 0;
  return Math.ceil(durationMs / MINUTE_MS) * PRICES.videoPerMinute[resolution];
}

/** Counts Unicode code points so an emoji is one character, as the user sees it. */
export function ttsCost(text: string): number {
  const chars = [...text].length;
  return chars === 0 ? 0 : Math.ceil(chars / 1000) * PRICES.ttsPer1000Chars;
}

/**
 * The offline stand-ins that do not follow the request, the built-in script writer (template sentences around the
 * topic) and the abstract artwork (shapes and colours seeded by the prompt, not a picture of it), make a preview
 * rather than the work asked for. They cost nothing, and the studio says so on its price and button before the click.
 */
export const OFFLINE_PREVIEW_LABEL = 'Offline preview · free';

/** A script from `writer`; without one, the price of the AI writer. */
export const scriptCost = (writer?: ScriptEngineKind): number => (writer === 'builtin' ? 0 : PRICES.scriptGeneration);

/** `count` images from `engine`; without one, the price of the AI engines. */
export function imageCost(count: number, engine?: ImageEngineId): number {
  if (engine === 'offline') return 0;
  return Number.isInteger(count) && count > 0 ? count * PRICES.imagePerImage : 0;
}

/** Watermark removal: every started minute of the source counts, so a 61 s clip costs two minutes. */
export function watermarkCost(durationMs: number): number {
  if (!Number.isFinite(durationMs) || durationMs <= 0) return 0;
  return Math.ceil(durationMs / MINUTE_MS) * PRICES.watermarkPerMinute;
}
