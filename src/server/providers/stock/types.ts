/** The one interface stock libraries (Pexels, Pixabay) sit behind. Failures are ProviderErrors (providers/http.ts). */
import type { StockProviderId } from '~/contract/video.ts';

/** Pexels names landscape/portrait/square; Pixabay horizontal/vertical (square there searches all). */
export type StockOrientation = 'landscape' | 'portrait' | 'square';

export interface StockPhoto {
  provider: StockProviderId;
  /** The provider's id, unique within it. */
  id: string;
  /** The file to download: a size big enough for 1080p, not the original. */
  downloadUrl: string;
  width: number;
  height: number;
  author: string;
  authorUrl: string | null;
  /** The photo's page on the provider's site: the link back its licence asks for. */
  pageUrl: string;
}

export interface StockSearch {
  query: string;
  orientation: StockOrientation;
  signal?: AbortSignal | undefined;
}

export interface StockProvider {
  readonly id: StockProviderId;
  searchPhotos(search: StockSearch): Promise<StockPhoto[]>;
}
