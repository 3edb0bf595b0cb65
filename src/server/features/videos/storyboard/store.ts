/**
 * Storyboards in the `storyboards` table. A save names the version it edited and succeeds only on that version
 * (optimistic locking, one UPDATE); a render marks it "rendering" in the transaction that holds the credits and
 * makes the video row, and the `video` job's settle hooks mark it "rendered", or a draft again when it failed.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { isUuid } from '~/contract/ids.ts';
import type { StoryboardScene, StoryboardStatus } from '~/contract/storyboard.ts';
import type { VideoSettings } from '~/contract/video.ts';
import type { Db, Tx } from '~/server/db/index.ts';
import { pageOf } from '~/server/db/paging.ts';
import { storyboards, videos } from '~/server/db/schema/media.ts';

export type StoryboardRow = typeof storyboards.$inferSelect;

export async function insertStoryboard(
  db: Db,
  row: { uid: string; settings: VideoSettings; scenes: StoryboardScene[] },
): Promise<StoryboardRow> {
  // Millisecond precision, so the history's (created_at, id) cursor round-trips exactly through a JS Date.
  const [created] = await db
    .insert(storyboards)
    .values({ ...row, createdAt: new Date(), updatedAt: new Date() })
    .returning();
  return created!;
}

export async function findStoryboard(db: Db, uid: string, id: string): Promise<StoryboardRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(storyboards)
    .where(and(eq(storyboards.id, id), eq(storyboards.uid, uid)));
  return row;
}

/** The saved row, 'stale' when `version` is not the current one, undefined when there is no such storyboard. */
export async function updateStoryboard(
  db: Db,
  uid: string,
  id: string,
  change: { version: number; settings: VideoSettings; scenes: StoryboardScene[] },
): Promise<StoryboardRow | 'stale' | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .update(storyboards)
    .set({
      settings: change.settings,
      scenes: change.scenes,
      version: sql`${storyboards.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(storyboards.id, id), eq(storyboards.uid, uid), eq(storyboards.version, change.version)))
    .returning();
  if (row) return row;
  return (await findStoryboard(db, uid, id)) ? 'stale' : undefined;
}

export async function deleteStoryboard(db: Db, uid: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(storyboards)
    .where(and(eq(storyboards.id, id), eq(storyboards.uid, uid)))
    .returning({ id: storyboards.id });
  return rows.length > 0;
}

/** In the render's accept transaction; false when another render of it is already running. */
export async function markRendering(tx: Tx, uid: string, id: string, videoId: string): Promise<boolean> {
  const rows = await tx
    .update(storyboards)
    .set({ status: 'rendering', videoId, updatedAt: sql`now()` })
    .where(and(eq(storyboards.id, id), eq(storyboards.uid, uid), ne(storyboards.status, 'rendering')))
    .returning({ id: storyboards.id });
  return rows.length > 0;
}

/** From the `video` job's settle hooks: the storyboard of the job's video, if that video is still its latest. */
export async function settleStoryboard(
  tx: Tx,
  jobId: string,
  status: Extract<StoryboardStatus, 'rendered' | 'draft'>,
): Promise<void> {
  const [video] = await tx
    .select({ id: videos.id, storyboardId: videos.storyboardId })
    .from(videos)
    .where(eq(videos.jobId, jobId));
  if (!video?.storyboardId) return;
  await tx
    .update(storyboards)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(storyboards.id, video.storyboardId), eq(storyboards.videoId, video.id)));
}

/** One history page's worth of drafts (never-rendered storyboards), newest first, after `cursor`. */
export async function listDrafts(
  db: Db,
  uid: string,
  limit: number,
  cursor: string | undefined,
): Promise<StoryboardRow[]> {
  const { where, orderBy } = pageOf(storyboards, uid, cursor);
  return db
    .select()
    .from(storyboards)
    .where(and(where, eq(storyboards.status, 'draft'), sql`${storyboards.videoId} is null`))
    .orderBy(...orderBy)
    .limit(limit + 1);
}
