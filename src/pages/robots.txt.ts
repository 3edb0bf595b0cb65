import type { APIContext } from 'astro';
import { brand } from '~/config/brand';

/** Everything public may be crawled; the sitemap URL follows the configured site. */
export function GET(context: APIContext) {
  const sitemap = new URL('/sitemap-index.xml', context.site ?? brand.siteUrl).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
}
