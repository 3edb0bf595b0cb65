/** API key rows. Every read is scoped to the key's owner; the key itself is never here, only its hash. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { ApiKeyScope } from '~/contract/developers.ts';
import { isUuid } from '~/contract/ids.ts';
import type { Db } from '~/server/db/index.ts';
import { apiKeys } from '~/server/db/schema/developers.ts';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(
  db: Db,
  key: { uid: string; name: string; prefix: string; hash: string; scopes: ApiKeyScope[] },
): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row!;
}

/** Newest first, revoked ones included; a user with more keys than anyone would keep sees the newest 200. */
export async function listApiKeys(db: Db, uid: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.uid, uid)).orderBy(desc(apiKeys.createdAt)).limit(200);
}

/** False when the user has no such key; revoking a revoked key keeps its first revocation time. */
export async function revokeApiKey(db: Db, uid: string, id: string, at: Date): Promise<boolean> {
  if (!isUuid(id)) return false;
  const owned = and(eq(apiKeys.uid, uid), eq(apiKeys.id, id));
  const [revoked] = await db
    .update(apiKeys)
    .set({ revokedAt: at })
    .where(and(owned, isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (revoked) return true;
  const [existing] = await db.select({ id: apiKeys.id }).from(apiKeys).where(owned);
  return existing !== undefined;
}
