/**
 * GET /videos/stock/search?q=&media=photo|video&orientation=landscape|portrait|square: the storyboard's chooser
 * searching Pexels and Pixabay at once (StockSearchResults). Answers come from the same on-disk cache as the
 * render's own searches, so browsing a scene's results and then rendering it asks each library once. Without
 * keys it answers `available: false` rather than an error: the chooser then offers AI, designed and uploads.
 */
import { Hono } from 'hono';
import { type StockSearchResults, stockSearchQuery } from '~/contract/storyboard.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { query } from '~/server/http/validate.ts';
import { createStockLibrary, searchStock } from '~/server/providers/stock/index.ts';

export function stockSearchRoutes({ config }: Pick<ApiDeps, 'config'>) {
  const library = createStockLibrary(config);
  return new Hono<AppEnv>().get('/videos/stock/search', async (c) => {
    const { q, media, orientation } = query(c, stockSearchQuery);
    return c.json(
      (await searchStock(library, {
        query: q,
        media,
        orientation,
        signal: c.req.raw.signal,
      })) satisfies StockSearchResults,
    );
  });
}
