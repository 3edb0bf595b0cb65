/**
 * Public share pages of finished videos (`/v/<token>`): what the owner sets (download on or off, an expiry), the
 * link as the owner sees it, and the pure rules both sides show (is a link live, the embed snippet).
 */
import { z } from 'zod';

/** Longest a link may be set to live: a year; "never" is `expiresAt: null`. */
export const SHARE_MAX_DAYS = 366;

/** What the video page offers in its expiry menu, in days; the API takes any instant up to SHARE_MAX_DAYS ahead. */
export const SHARE_EXPIRY_CHOICES = [1, 7, 30] as const;

export const shareSettingsSchema = z.object({
  allowDownload: z
    .boolean({ error: 'Turn the download button on or off.' })
    .default(true)
    .describe('Whether the page offers a download button for the MP4.'),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Use a date and time like 2026-12-31T23:59:00Z.' })
    .refine((at) => Date.parse(at) > Date.now(), 'Pick a time in the future.')
    .refine(
      (at) => Date.parse(at) <= Date.now() + SHARE_MAX_DAYS * 86_400_000,
      `Pick a time within ${SHARE_MAX_DAYS} days.`,
    )
    .nullable()
    .default(null)
    .describe('When the link stops working (ISO 8601); null keeps it until you revoke it.'),
});
export type ShareSettingsInput = z.input<typeof shareSettingsSchema>;
export type ShareSettings = z.output<typeof shareSettingsSchema>;

export const shareLinkSchema = z.object({
  videoId: z.string().describe('The shared video.'),
  url: z.string().describe('The public page, /v/<token>: anyone with it can watch until it is revoked or expires.'),
  embedUrl: z.string().describe('The player alone, for an <iframe> on another site.'),
  embedHtml: z.string().describe('A ready <iframe> snippet of the embed, sized to the video.'),
  allowDownload: z.boolean().describe('Whether the page offers the MP4 for download.'),
  expiresAt: z.string().nullable().describe('When the link stops working; null for never.'),
  views: z.number().int().describe('How many times the page (or its embed) was opened.'),
  createdAt: z.string().describe('When the link was made.'),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** `GET /videos/:id/share`: the live link, or null when the video is not shared. */
export const shareStateSchema = z.object({
  link: shareLinkSchema.nullable().describe('The live link; null when the video is not shared (or it expired).'),
});
export type ShareState = z.infer<typeof shareStateSchema>;

/** A link answers while it is neither revoked nor past its expiry. */
export const isShareLive = (link: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): boolean =>
  link.revokedAt === null && (link.expiresAt === null || link.expiresAt.getTime() > now.getTime());

const attribute = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The embed snippet: 640 px wide (or the video's width when narrower), the video's shape, full screen allowed. */
export function embedSnippet(embedUrl: string, title: string, width: number, height: number): string {
  const w = Math.min(640, width);
  const h = Math.round((w * height) / width);
  return `<iframe src="${attribute(embedUrl)}" width="${w}" height="${h}" title="${attribute(title)}" frameborder="0" allow="fullscreen; picture-in-picture" allowfullscreen></iframe>`;
}
