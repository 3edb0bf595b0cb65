/**
 * Public share pages of finished videos: at most one live link per video (a revoked one stays as a row so its
 * views still count), and one row per view for the owner's analytics.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { videos } from './media.ts';
import { optionalTs, owner, ts } from './users.ts';

export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    videoId: uuid('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** 128 random bits, base64url: the whole secret of the public page. */
    token: text('token').notNull(),
    allowDownload: boolean('allow_download').notNull().default(true),
    expiresAt: optionalTs('expires_at'),
    revokedAt: optionalTs('revoked_at'),
    createdAt: ts('created_at'),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    uniqueIndex('share_links_token').on(t.token),
    // One live link per video: sharing again while one is live changes it rather than making a second.
    uniqueIndex('share_links_live_video').on(t.videoId).where(sql`revoked_at is null`),
  ],
);

export const shareViews = pgTable(
  'share_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    /** The video's owner, so analytics counts a user's views without a join. */
    uid: owner(),
    viewedAt: ts('viewed_at'),
  },
  (t) => [index('share_views_uid_viewed').on(t.uid, t.viewedAt)],
);
