/**
 * The `share_links` and `share_views` rows, and the little of a video a share page shows (read from the videos
 * table, which this feature never writes).
 */
import { and, count, eq, gte, isNull, lt } from 'drizzle-orm';
import type { Db } from '~/server/db/index.ts';
import { videos } from '~/server/db/schema/media.ts';
import { shareLinks, shareViews } from '~/server/db/schema/sharing.ts';

export type ShareLinkRow = typeof shareLinks.$inferSelect;

/** What a share page may show of a video: nothing about its owner beyond the video itself. */
export interface SharedVideo {
  id: string;
  status: string;
  title: string | null;
  script: string;
  durationMs: number | null;
  width: number | undefined;
  height: number | undefined;
  videoFileId: string | null;
  thumbnailFileId: string | null;
  captionsVttFileId: string | null;
  /** Captions are drawn into the picture (any look but "off"). */
  captionsBurned: boolean;
}

const sharedVideoColumns = {
  id: videos.id,
  status: videos.status,
  title: videos.title,
  script: videos.script,
  durationMs: videos.durationMs,
  options: videos.options,
  videoFileId: videos.videoFileId,
  thumbnailFileId: videos.thumbnailFileId,
  captionsVttFileId: videos.captionsVttFileId,
};

const toSharedVideo = ({
  options,
  ...row
}: { options: { width?: number; height?: number; captions: string } } & Omit<
  SharedVideo,
  'width' | 'height' | 'captionsBurned'
>): SharedVideo => ({
  ...row,
  width: options.width,
  height: options.height,
  captionsBurned: options.captions !== 'off',
});

export async function findOwnedVideo(db: Db, uid: string, videoId: string): Promise<SharedVideo | undefined> {
  const [row] = await db
    .select(sharedVideoColumns)
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.uid, uid)));
  return row && toSharedVideo(row);
}

/** The video's link that has not been revoked (it may have expired). */
export async function unrevokedLink(db: Db, videoId: string): Promise<ShareLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.videoId, videoId), isNull(shareLinks.revokedAt)));
  return row;
}

export async function insertLink(
  db: Db,
  values: Pick<ShareLinkRow, 'uid' | 'videoId' | 'token' | 'allowDownload' | 'expiresAt'>,
): Promise<ShareLinkRow> {
  const [row] = await db.insert(shareLinks).values(values).returning();
  return row!;
}

export async function updateLink(
  db: Db,
  id: string,
  values: Pick<ShareLinkRow, 'allowDownload' | 'expiresAt'>,
): Promise<ShareLinkRow> {
  const [row] = await db
    .update(shareLinks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(shareLinks.id, id))
    .returning();
  return row!;
}

export async function revokeLink(db: Db, videoId: string): Promise<void> {
  const now = new Date();
  await db
    .update(shareLinks)
    .set({ revokedAt: now, updatedAt: now })
    .where(and(eq(shareLinks.videoId, videoId), isNull(shareLinks.revokedAt)));
}

/** A token's link and its video, whatever state either is in: the caller decides whether it still answers. */
export async function findByToken(
  db: Db,
  token: string,
): Promise<{ link: ShareLinkRow; video: SharedVideo } | undefined> {
  const [row] = await db
    .select({ link: shareLinks, video: sharedVideoColumns })
    .from(shareLinks)
    .innerJoin(videos, eq(videos.id, shareLinks.videoId))
    .where(eq(shareLinks.token, token));
  return row && { link: row.link, video: toSharedVideo(row.video) };
}

export async function recordView(db: Db, link: Pick<ShareLinkRow, 'id' | 'uid'>): Promise<void> {
  await db.insert(shareViews).values({ linkId: link.id, uid: link.uid });
}

export async function viewsOf(db: Db, linkId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(shareViews).where(eq(shareViews.linkId, linkId));
  return row?.n ?? 0;
}

/** Views of all the user's share pages in [from, to). */
export async function viewsBetween(db: Db, uid: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(shareViews)
    .where(and(eq(shareViews.uid, uid), gte(shareViews.viewedAt, from), lt(shareViews.viewedAt, to)));
  return row?.n ?? 0;
}
