/** The one interface stock libraries (Pexels, Pixabay) sit behind. Failures are ProviderErrors (providers/http.ts). */
import type { StockMedia } from '~/contract/storyboard.ts';
import type { StockProviderId } from '~/contract/video.ts';

export type { StockMedia } from '~/contract/storyboard.ts';

/** Pexels names landscape/portrait/square; Pixabay horizontal/vertical (square there searches all). */
export type StockOrientation = 'landscape' | 'portrait' | 'square';

interface StockItemBase {
  provider: StockProviderId;
  /** The provider's id, unique within it. */
  id: string;
  /** The file to download: a size big enough for 1080p, not the original. */
  downloadUrl: string;
  width: number;
  height: number;
  /** A small picture for the chooser; shown while searching only, never kept (Pixabay forbids hotlinking). */
  thumbnailUrl: string;
  author: string;
  authorUrl: string | null;
  /** The item's page on the provider's site: the link back its licence asks for. */
  pageUrl: string;
}

export type StockPhoto = StockItemBase;

export interface StockVideo extends StockItemBase {
  /** The rendition closest to 1080p on the long side, never above it; `width`/`height` are that rendition's. */
  downloadUrl: string;
  durationMs: number;
}

export type StockItem<M extends StockMedia> = M extends 'video' ? StockVideo : StockPhoto;

export interface StockSearch {
  query: string;
  orientation: StockOrientation;
  signal?: AbortSignal | undefined;
}

export interface StockProvider {
  readonly id: StockProviderId;
  searchPhotos(search: StockSearch): Promise<StockPhoto[]>;
  searchVideos(search: StockSearch): Promise<StockVideo[]>;
  /** One item by the provider's id (a storyboard's pick); undefined when the provider has no such item. */
  getItem<M extends StockMedia>(media: M, id: string, signal?: AbortSignal): Promise<StockItem<M> | undefined>;
}

/** A video file the provider offers in one size. */
export interface Rendition {
  url: string;
  width: number;
  height: number;
}

/** 1920×1080 with a little room for odd sizes (2048×1080, 1920×1088) that cost no more to decode. */
const MAX_LONG_SIDE = 2048;
const MAX_SHORT_SIDE = 1152;

/**
 * The rendition to download: the largest that is not above 1080p, so the render never decodes 4K it would scale
 * down anyway and never upscales 360p when 720p or 1080p is offered. Undefined when every size is above 1080p.
 */
export function pickRendition(renditions: readonly Rendition[]): Rendition | undefined {
  let best: Rendition | undefined;
  for (const r of renditions) {
    if (!r.url || !(r.width > 0) || !(r.height > 0)) continue;
    if (Math.max(r.width, r.height) > MAX_LONG_SIDE || Math.min(r.width, r.height) > MAX_SHORT_SIDE) continue;
    if (!best || r.width * r.height > best.width * best.height) best = r;
  }
  return best;
}

export const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 ? value : undefined;

/** A video's shape against the one asked for; square asks for anything. */
export function fitsOrientation(width: number, height: number, orientation: StockOrientation): boolean {
  if (orientation === 'landscape') return width > height;
  if (orientation === 'portrait') return height > width;
  return true;
}
