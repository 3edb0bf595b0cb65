/**
 * What the running workers can do, as the API learns it: the API and the workers may be separate processes on
 * separate machines, so each worker writes its tool check (what it lacks: ffmpeg, fonts...) to `worker_checks`
 * and refreshes `seen_at` every HEARTBEAT_MS; a clean stop deletes the row.
 *
 * The rule, read by `toolsReadiness`: a worker is live when seen within LIVE_SECONDS. Work that needs some tools
 * can be done when no worker is live (the queue keeps it until one starts, which checks again before running it)
 * or when at least one live worker has all of them. Otherwise it is refused, naming what the freshest worker lacks.
 */
import { desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { MissingTool, SystemTool } from '~/contract/system-tools.ts';
import type { Db } from '~/server/db/index.ts';
import { workerChecks } from '~/server/db/schema/jobs.ts';

export const HEARTBEAT_MS = 30_000;
/** Three heartbeats: a worker missed more than two is gone (crashed, or its machine is). */
const LIVE_SECONDS = 90;
/** Rows of workers that vanished without a clean stop are removed after this long. */
const FORGET_AFTER_HOURS = 24;

/** Writes (or refreshes) a worker's row; also the heartbeat. */
export async function recordWorkerCheck(db: Db, workerId: string, missing: readonly MissingTool[]): Promise<void> {
  const values = { workerId, missing: [...missing], checkedAt: sql`now()`, seenAt: sql`now()` };
  await db
    .insert(workerChecks)
    .values(values)
    .onConflictDoUpdate({
      target: workerChecks.workerId,
      set: { missing: values.missing, checkedAt: values.checkedAt, seenAt: values.seenAt },
    });
  await db
    .delete(workerChecks)
    .where(lt(workerChecks.seenAt, sql`now() - make_interval(hours => ${FORGET_AFTER_HOURS})`));
}

export async function forgetWorker(db: Db, workerId: string): Promise<void> {
  await db.delete(workerChecks).where(eq(workerChecks.workerId, workerId));
}

/** Which of `needs` a worker lacks. */
export const lacking = (missing: readonly MissingTool[], needs: readonly SystemTool[]): MissingTool[] =>
  missing.filter((m) => needs.includes(m.tool));

export interface ToolsReadiness {
  /** Live workers. */
  workers: number;
  /** Empty when the work can be done (see the rule above). */
  missing: MissingTool[];
}

export async function toolsReadiness(db: Db, needs: readonly SystemTool[]): Promise<ToolsReadiness> {
  const live = await db
    .select({ missing: workerChecks.missing })
    .from(workerChecks)
    .where(gt(workerChecks.seenAt, sql`now() - make_interval(secs => ${LIVE_SECONDS})`))
    .orderBy(desc(workerChecks.checkedAt));
  const gaps = live.map((row) => lacking(row.missing, needs));
  const able = gaps.length === 0 || gaps.some((gap) => gap.length === 0);
  return { workers: live.length, missing: able ? [] : gaps[0]! };
}
