/** GPU rental rows: the user's SSH keys and rentals. Every user-facing read is scoped to its owner. */
import { and, asc, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { RentalStatus } from '~/contract/gpu.ts';
import { isUuid } from '~/contract/ids.ts';
import type { Db, Tx } from '~/server/db/index.ts';
import { type GpuRentalRow, gpuRentals, gpuRunSegments, gpuSshKeys } from '~/server/db/schema/gpu.ts';

export type { GpuRentalRow };
export type RentalPatch = Partial<Omit<GpuRentalRow, 'id' | 'uid' | 'createdAt'>>;

const FINAL: RentalStatus[] = ['terminated', 'failed'];
/** States that hold a machine (or are about to) and so count against the per-user cap. */
export const ACTIVE: RentalStatus[] = ['requested', 'provisioning', 'running', 'stopping'];

export async function listKeys(db: Db, uid: string) {
  return db.select().from(gpuSshKeys).where(eq(gpuSshKeys.uid, uid)).orderBy(asc(gpuSshKeys.createdAt));
}

export async function getKey(db: Db, uid: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(gpuSshKeys)
    .where(and(eq(gpuSshKeys.uid, uid), eq(gpuSshKeys.id, id)));
  return row;
}

/** Undefined when the user already saved this key. */
export async function insertKey(db: Db, key: { uid: string; name: string; publicKey: string; fingerprint: string }) {
  const [row] = await db.insert(gpuSshKeys).values(key).onConflictDoNothing().returning();
  return row;
}

export async function deleteKey(db: Db, uid: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (
    (
      await db
        .delete(gpuSshKeys)
        .where(and(eq(gpuSshKeys.uid, uid), eq(gpuSshKeys.id, id)))
        .returning({ id: gpuSshKeys.id })
    ).length > 0
  );
}

export async function insertRental(tx: Tx, row: typeof gpuRentals.$inferInsert): Promise<GpuRentalRow> {
  const [inserted] = await tx.insert(gpuRentals).values(row).returning();
  return inserted!;
}

export async function countActive(db: Db | Tx, uid: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(gpuRentals)
    .where(and(eq(gpuRentals.uid, uid), inArray(gpuRentals.status, ACTIVE)));
  return Number(row?.n ?? 0);
}

export async function listRentals(db: Db, uid: string): Promise<GpuRentalRow[]> {
  return db.select().from(gpuRentals).where(eq(gpuRentals.uid, uid)).orderBy(desc(gpuRentals.createdAt)).limit(100);
}

export async function getRental(db: Db, uid: string, id: string): Promise<GpuRentalRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(gpuRentals)
    .where(and(eq(gpuRentals.uid, uid), eq(gpuRentals.id, id)));
  return row;
}

/** The row locked for the rest of the transaction, so two reconcilers never apply a change twice. */
export async function lockRental(tx: Tx, id: string): Promise<GpuRentalRow | undefined> {
  const [row] = await tx.select().from(gpuRentals).where(eq(gpuRentals.id, id)).for('update');
  return row;
}

export async function updateRental(db: Db | Tx, id: string, patch: RentalPatch): Promise<void> {
  await db
    .update(gpuRentals)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(gpuRentals.id, id));
}

/** Keeps the segments in step with the meter: a rental that starts running opens one, leaving `running` closes it. */
export async function recordRunSegment(tx: Tx, before: GpuRentalRow, after: GpuRentalRow, at: Date): Promise<void> {
  if (!before.runningSince && after.runningSince) {
    await tx
      .insert(gpuRunSegments)
      .values({ rentalId: after.id, uid: after.uid, gpuCount: after.gpuCount, startedAt: after.runningSince });
  } else if (before.runningSince && !after.runningSince) {
    await tx
      .update(gpuRunSegments)
      .set({ endedAt: at })
      .where(and(eq(gpuRunSegments.rentalId, after.id), isNull(gpuRunSegments.endedAt)));
  }
}

/** GPU hours (machine hours × GPUs) the user's machines ran within [from, to); a segment still open runs until `now`. */
export async function gpuHours(db: Db, uid: string, from: Date, to: Date, now: Date): Promise<number> {
  const end = sql`least(coalesce(${gpuRunSegments.endedAt}, ${now.toISOString()}::timestamptz), ${to.toISOString()}::timestamptz)`;
  const start = sql`greatest(${gpuRunSegments.startedAt}, ${from.toISOString()}::timestamptz)`;
  const [row] = await db
    .select({
      seconds: sql<number>`coalesce(sum(greatest(0, extract(epoch from (${end} - ${start}))) * ${gpuRunSegments.gpuCount}), 0)::float8`,
    })
    .from(gpuRunSegments)
    .where(
      and(
        eq(gpuRunSegments.uid, uid),
        lt(gpuRunSegments.startedAt, to),
        or(isNull(gpuRunSegments.endedAt), gt(gpuRunSegments.endedAt, from)),
      ),
    );
  return Number(row?.seconds ?? 0) / 3600;
}

/** The user's rentals that are not over, newest first. */
export async function activeRentals(db: Db, uid: string): Promise<GpuRentalRow[]> {
  return db
    .select()
    .from(gpuRentals)
    .where(and(eq(gpuRentals.uid, uid), notInArray(gpuRentals.status, FINAL)))
    .orderBy(desc(gpuRentals.createdAt));
}

/** Rentals the reconcile loop looks after. */
export async function openRentals(db: Db, limit = 500): Promise<GpuRentalRow[]> {
  return db
    .select()
    .from(gpuRentals)
    .where(notInArray(gpuRentals.status, FINAL))
    .orderBy(asc(gpuRentals.updatedAt))
    .limit(limit);
}

/**
 * Claims the right to send a create call: only when none was sent, or the last one is older than `staleBefore`
 * (long past the transport's deadline, so it can no longer be in flight). Exactly one caller wins each claim.
 */
export async function claimCreate(db: Db, id: string, now: Date, staleBefore: Date): Promise<boolean> {
  const claimed = await db
    .update(gpuRentals)
    .set({ createSentAt: now, createAttempts: sql`${gpuRentals.createAttempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(gpuRentals.id, id),
        eq(gpuRentals.status, 'requested'),
        isNull(gpuRentals.machineId),
        or(isNull(gpuRentals.createSentAt), lt(gpuRentals.createSentAt, staleBefore)),
      ),
    )
    .returning({ id: gpuRentals.id });
  return claimed.length > 0;
}

/** Of these rental ids, the ones whose rental is over. */
export async function endedRentalIds(db: Db, ids: string[]): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return new Set();
  const rows = await db
    .select({ id: gpuRentals.id })
    .from(gpuRentals)
    .where(and(inArray(gpuRentals.id, valid), inArray(gpuRentals.status, FINAL)));
  return new Set(rows.map((row) => row.id));
}
