/** Small formatting helpers for blog pages and the feed. */

export function formatDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Reading time at 220 words per minute, at least one minute. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/^import .*$/gm, '')
    .split(/\s+/)
    .filter((word) => /\w/.test(word)).length;
  return Math.max(1, Math.round(words / 220));
}

/** Newest first. */
export function byNewest<T extends { data: { pubDate: Date } }>(a: T, b: T): number {
  return b.data.pubDate.getTime() - a.data.pubDate.getTime();
}
