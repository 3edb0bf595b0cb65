import { and, eq } from 'drizzle-orm';
import type { FileInfo } from '~/contract/api.ts';
import { isUuid } from '~/contract/ids.ts';
import type { Db, Tx } from '~/server/db/index.ts';
import { files } from '~/server/db/schema/files.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert & { id: string };

export const toFileInfo = (row: FileRow): FileInfo => ({
  id: row.id,
  contentType: row.contentType,
  size: row.size,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
});

export async function recordFile(db: Db | Tx, file: NewFile): Promise<FileRow> {
  const [row] = await db.insert(files).values(file).onConflictDoNothing().returning();
  if (row) return row;
  // Already recorded (a retried IPC message): return what is there.
  const [existing] = await db.select().from(files).where(eq(files.id, file.id));
  if (!existing) throw new Error(`File ${file.id} could not be recorded`);
  return existing;
}

/** Undefined both when it does not exist and when someone else owns it: callers answer 404 either way. */
export async function findFile(db: Db, id: string, uid?: string): Promise<FileRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(files)
    .where(uid ? and(eq(files.id, id), eq(files.uid, uid)) : eq(files.id, id));
  return row;
}
