/** The `presets` rows: a user's own named settings. */
import { and, asc, count, eq } from 'drizzle-orm';
import type { VideoSettings } from '~/contract/video.ts';
import type { Db } from '~/server/db/index.ts';
import { presets } from '~/server/db/schema/presets.ts';

export type PresetRow = typeof presets.$inferSelect;

export const listPresets = (db: Db, uid: string): Promise<PresetRow[]> =>
  db.select().from(presets).where(eq(presets.uid, uid)).orderBy(asc(presets.name), asc(presets.createdAt));

export async function findPreset(db: Db, uid: string, id: string): Promise<PresetRow | undefined> {
  const [row] = await db
    .select()
    .from(presets)
    .where(and(eq(presets.id, id), eq(presets.uid, uid)));
  return row;
}

export async function countPresets(db: Db, uid: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(presets).where(eq(presets.uid, uid));
  return row?.n ?? 0;
}

export async function insertPreset(db: Db, uid: string, name: string, settings: VideoSettings): Promise<PresetRow> {
  const [row] = await db.insert(presets).values({ uid, name, settings }).returning();
  return row!;
}

export async function updatePreset(
  db: Db,
  uid: string,
  id: string,
  name: string,
  settings: VideoSettings,
): Promise<PresetRow | undefined> {
  const [row] = await db
    .update(presets)
    .set({ name, settings, updatedAt: new Date() })
    .where(and(eq(presets.id, id), eq(presets.uid, uid)))
    .returning();
  return row;
}

export async function deletePreset(db: Db, uid: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(presets)
    .where(and(eq(presets.id, id), eq(presets.uid, uid)))
    .returning({ id: presets.id });
  return gone.length > 0;
}
