/** Head metadata helpers shared by the layouts. */

/** One URL per page: no trailing slash (except the root), so /about and /about/ share a canonical. */
export function canonicalUrl(pathname: string, site: URL): string {
  const trimmed = pathname.replace(/\/index\.html$/, '/').replace(/\/+$/, '');
  return new URL(trimmed || '/', site).href;
}

export function documentTitle(title: string, productName: string): string {
  return title.includes(productName) ? title : `${title} | ${productName}`;
}
