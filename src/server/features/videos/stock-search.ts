/**
 * GET /videos/stock/search?q=&media=photo|video&orientation=landscape|portrait|square: the storyboard's chooser
 * searching Pexels and Pixabay at once (StockSearchResults). Answers come from the same on-disk cache as the
 * render's own searches, so browsing a scene's results and then rendering it asks each library once. Without
 * keys it answers `available: false` rather than an error: the chooser then offers AI, designed and uploads.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { STOCK_MEDIA, STORYBOARD_LIMITS, type StockSearchResults } from '../../../contract/storyboard.ts';
import type { AppEnv } from '../../http/context.ts';
import { query } from '../../http/validate.ts';
import { createStockLibrary, searchStock } from '../../providers/stock/index.ts';
import type { ApiDeps } from '../deps.ts';

const StockSearchQuery = z.object({
  q: z
    .string({ error: 'Type what to search for.' })
    .trim()
    .min(1, 'Type what to search for.')
    .max(STORYBOARD_LIMITS.maxQueryChars, `Keep the search under ${STORYBOARD_LIMITS.maxQueryChars} characters.`),
  media: z.enum(STOCK_MEDIA, { error: 'Search photos or videos.' }).default('photo'),
  orientation: z
    .enum(['landscape', 'portrait', 'square'], { error: 'Choose landscape, portrait or square.' })
    .default('landscape'),
});

export function stockSearchRoutes({ config }: Pick<ApiDeps, 'config'>) {
  const library = createStockLibrary(config);
  return new Hono<AppEnv>().get('/videos/stock/search', async (c) => {
    const { q, media, orientation } = query(c, StockSearchQuery);
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
