/**
 * Every price and the signup grant, in credits. Pure and shared: the server charges with these functions and the
 * browser shows the same numbers before the user commits.
 */
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

export const scriptCost = (): number => PRICES.scriptGeneration;

export function imageCost(count: number): number {
  return Number.isInteger(count) && count > 0 ? count * PRICES.imagePerImage : 0;
}

/** Watermark removal: every started minute of the source counts, so a 61 s clip costs two minutes. */
export function watermarkCost(durationMs: number): number {
  if (!Number.isFinite(durationMs) || durationMs <= 0) return 0;
  return Math.ceil(durationMs / MINUTE_MS) * PRICES.watermarkPerMinute;
}
