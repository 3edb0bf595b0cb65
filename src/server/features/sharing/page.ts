/**
 * The public share page and its embed variant as HTML strings: pure, no script at all (so no Firebase or app code),
 * one inline stylesheet allowed by its hash, and every URL absolute so unfurlers (Open Graph, Twitter's player card)
 * can use them as they are.
 */
import { createHash } from 'node:crypto';
import { formatDuration } from '~/contract/video.ts';

export interface SharePageData {
  title: string;
  /** The product's name, for the site name and the footer. */
  siteName: string;
  pageUrl: string;
  embedUrl: string;
  videoUrl: string;
  posterUrl: string | null;
  captionsUrl: string | null;
  /** The captions are already in the picture: the track is offered, not shown on top of them. */
  captionsBurned: boolean;
  /** Present when the owner lets people download the MP4. */
  downloadUrl: string | null;
  embedHtml: string;
  width: number;
  height: number;
  durationSec: number | null;
}

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const meta = (kind: 'property' | 'name', key: string, value: string | number) =>
  `<meta ${kind}="${key}" content="${escapeHtml(String(value))}">`;

/** Open Graph (Facebook, LinkedIn, Slack, Discord...) and Twitter's player card. */
function unfurlTags(data: SharePageData): string[] {
  const secure = data.videoUrl.startsWith('https:');
  return [
    meta('property', 'og:type', 'video.other'),
    meta('property', 'og:site_name', data.siteName),
    meta('property', 'og:title', data.title),
    meta('property', 'og:url', data.pageUrl),
    ...(data.posterUrl ? [meta('property', 'og:image', data.posterUrl)] : []),
    meta('property', 'og:video', data.videoUrl),
    ...(secure ? [meta('property', 'og:video:secure_url', data.videoUrl)] : []),
    meta('property', 'og:video:type', 'video/mp4'),
    meta('property', 'og:video:width', data.width),
    meta('property', 'og:video:height', data.height),
    ...(data.durationSec ? [meta('property', 'video:duration', Math.round(data.durationSec))] : []),
    meta('name', 'twitter:card', 'player'),
    meta('name', 'twitter:title', data.title),
    ...(data.posterUrl ? [meta('name', 'twitter:image', data.posterUrl)] : []),
    meta('name', 'twitter:player', data.embedUrl),
    meta('name', 'twitter:player:width', data.width),
    meta('name', 'twitter:player:height', data.height),
    meta('name', 'twitter:player:stream', data.videoUrl),
    meta('name', 'twitter:player:stream:content_type', 'video/mp4'),
  ];
}

function player(data: SharePageData): string {
  const poster = data.posterUrl ? ` poster="${escapeHtml(data.posterUrl)}"` : '';
  const track = data.captionsUrl
    ? `<track kind="captions" label="Captions" src="${escapeHtml(data.captionsUrl)}"${data.captionsBurned ? '' : ' default'}>`
    : '';
  return `<video controls playsinline preload="metadata" width="${data.width}" height="${data.height}"${poster} aria-label="${escapeHtml(data.title)}"><source src="${escapeHtml(data.videoUrl)}" type="video/mp4">${track}</video>`;
}

const PAGE_STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0b0d12;color:#e9ecf2}main{max-width:960px;margin:0 auto;padding:24px 16px}h1{font-size:1.5rem;margin:0 0 16px}video{display:block;width:100%;height:auto;max-height:80vh;background:#000;border-radius:8px}.row{display:flex;flex-wrap:wrap;gap:12px;align-items:center;margin:16px 0}.button{display:inline-block;padding:10px 16px;border-radius:8px;background:#3a63e0;color:#fff;text-decoration:none;font-weight:600}.button:focus-visible{outline:3px solid #ffd84d;outline-offset:2px}label{display:block;font-weight:600;margin:24px 0 8px}textarea{width:100%;min-height:5.5em;font:13px/1.4 ui-monospace,monospace;color:#e9ecf2;background:#151923;border:1px solid #3a4150;border-radius:8px;padding:8px}footer{color:#aab2c0;font-size:.875rem;padding:24px 16px;text-align:center}`;
const EMBED_STYLE = `html,body,main{margin:0;height:100%;background:#000}video{display:block;width:100%;height:100%;object-fit:contain}.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}`;

const styleHash = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

/**
 * Nothing runs and nothing loads but this server's media and the one stylesheet. The page may not be framed (the
 * embed is for that); the embed may be framed anywhere, and frame-ancestors overrides X-Frame-Options.
 */
export function sharePageCsp(kind: 'page' | 'embed'): string {
  const style = styleHash(kind === 'page' ? PAGE_STYLE : EMBED_STYLE);
  return [
    "default-src 'none'",
    "img-src 'self'",
    "media-src 'self'",
    `style-src ${style}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${kind === 'page' ? "'none'" : '*'}`,
  ].join('; ');
}

const head = (data: SharePageData, style: string, extra: string[]) =>
  [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Unguessable links are for the people they are given to, not for search results.
    '<meta name="robots" content="noindex">',
    `<title>${escapeHtml(data.title)} · ${escapeHtml(data.siteName)}</title>`,
    ...extra,
    `<style>${style}</style>`,
    '</head>',
  ].join('\n');

export function sharePage(data: SharePageData): string {
  const download = data.downloadUrl
    ? `<a class="button" href="${escapeHtml(data.downloadUrl)}" download>Download MP4</a>`
    : '';
  const length = data.durationSec ? `<span>${formatDuration(data.durationSec)}</span>` : '';
  return `${head(data, PAGE_STYLE, [`<link rel="canonical" href="${escapeHtml(data.pageUrl)}">`, ...unfurlTags(data)])}
<body>
<main>
<h1>${escapeHtml(data.title)}</h1>
${player(data)}
<div class="row">${download}${length}</div>
<label for="embed-code">Embed this video</label>
<textarea id="embed-code" readonly>${escapeHtml(data.embedHtml)}</textarea>
</main>
<footer>Made with ${escapeHtml(data.siteName)}</footer>
</body>
</html>
`;
}

export function shareEmbed(data: SharePageData): string {
  return `${head(data, EMBED_STYLE, [`<link rel="canonical" href="${escapeHtml(data.pageUrl)}">`])}
<body>
<main>
<h1 class="sr-only">${escapeHtml(data.title)}</h1>
${player(data)}
</main>
</body>
</html>
`;
}

/** What every dead link answers, the same for unknown, revoked and expired tokens: nothing to tell them apart. */
export const NOT_AVAILABLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Not found</title></head>
<body><main><h1>This video is not available</h1><p>The link may be mistyped, or its owner stopped sharing it.</p></main></body></html>
`;
