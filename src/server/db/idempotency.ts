/** The keys of create requests, for the rule in http/idempotency.ts. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { HeldKey, IdempotencyStore } from '~/server/http/idempotency.ts';
import type { Db } from './index.ts';
import { idempotentRequests } from './schema/requests.ts';

/**
 * A claim with no answer after this long belongs to a request whose process died (no create request runs this
 * long; request holds use the same bound): the same request may take it over.
 */
const ABANDONED_AFTER = sql`interval '10 minutes'`;

export function idempotencyStore(db: Db): IdempotencyStore {
  const byKey = (uid: string, key: string) => and(eq(idempotentRequests.uid, uid), eq(idempotentRequests.key, key));
  async function claim(uid: string, key: string, fingerprint: string): Promise<HeldKey | undefined> {
    const claimed = await db
      .insert(idempotentRequests)
      .values({ uid, key, fingerprint })
      .onConflictDoUpdate({
        target: [idempotentRequests.uid, idempotentRequests.key],
        set: { claimedAt: sql`now()` },
        setWhere: sql`${idempotentRequests.answer} is null and ${idempotentRequests.fingerprint} = ${fingerprint} and ${idempotentRequests.claimedAt} < now() - ${ABANDONED_AFTER}`,
      })
      .returning({ key: idempotentRequests.key });
    if (claimed.length > 0) return undefined;
    const [held] = await db
      .select({ fingerprint: idempotentRequests.fingerprint, answer: idempotentRequests.answer })
      .from(idempotentRequests)
      .where(byKey(uid, key));
    // Released between the two statements: a fresh claim decides.
    return held ? { fingerprint: held.fingerprint, answer: held.answer ?? undefined } : claim(uid, key, fingerprint);
  }
  return {
    claim,
    async keep(uid, key, answer) {
      await db.update(idempotentRequests).set({ answer }).where(byKey(uid, key));
    },
    async release(uid, key) {
      await db.delete(idempotentRequests).where(and(byKey(uid, key), isNull(idempotentRequests.answer)));
    },
  };
}
