/**
 * The job row's state machine and the credits that go with it. Every transition is one short transaction guarded
 * by the current status, so a late worker can never capture credits a cancel already released (or the reverse):
 *
 *   queued ─claim→ active ─succeed→ succeeded (capture)
 *     │              ├─retry→ queued
 *     │              └─fail→ failed (release)
 *     └──────────────┴─cancel→ cancelled (release)
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Job } from '~/contract/api.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import { capture, release, reserve } from '~/server/credits/ledger.ts';
import { post } from '~/server/credits/service.ts';
import type { Database, Tx } from '~/server/db/index.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { emitJobEvent } from '~/server/events/jobs.ts';
import type { JobRow, JobSpec } from './registry.ts';

export const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  stage: row.stage,
  progress: row.progress,
  cost: row.cost,
  attempts: row.attempts,
  maxAttempts: row.maxAttempts,
  result: row.result ?? null,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

const creditKey = (jobId: string, step: 'reserve' | 'capture' | 'release') => `job:${jobId}:${step}`;

export interface NewJob {
  uid: string;
  kind: string;
  payload: unknown;
  cost: number;
  maxAttempts: number;
  idempotencyKey?: string;
}

/** Inserts the job and reserves its credits; throws InsufficientCreditsError (rolling both back) when short. */
export async function insertJob(tx: Tx, job: NewJob, reason: string): Promise<JobRow> {
  const [row] = await tx
    .insert(jobs)
    .values({
      uid: job.uid,
      kind: job.kind,
      payload: job.payload,
      cost: job.cost,
      maxAttempts: job.maxAttempts,
      idempotencyKey: job.idempotencyKey ?? null,
    })
    .returning();
  if (!row) throw new Error('Job insert returned no row');
  if (row.cost > 0)
    await post(tx, {
      uid: row.uid,
      move: reserve(row.cost),
      reason,
      jobId: row.id,
      idempotencyKey: creditKey(row.id, 'reserve'),
    });
  return row;
}

/** queued → active. Undefined when the job was cancelled or finished meanwhile (then nothing must run). */
export async function markActive(database: Database, jobId: string, workerId: string): Promise<JobRow | undefined> {
  const [row] = await database.db
    .update(jobs)
    .set({
      status: 'active',
      attempts: sql`${jobs.attempts} + 1`,
      workerId,
      error: null,
      errorKind: null,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, ['queued', 'active'])))
    .returning();
  return row;
}

export async function jobStatus(database: Database, jobId: string): Promise<JobRow['status'] | undefined> {
  const [row] = await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.id, jobId));
  return row?.status;
}

/** Writes progress; false when the job is no longer active (cancelled), which tells the runner to stop. */
export async function writeProgress(
  database: Database,
  jobId: string,
  stage: string,
  progress: number,
): Promise<boolean> {
  const rows = await database.db
    .update(jobs)
    .set({ stage, progress: Math.min(1, Math.max(0, progress)), updatedAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'active')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** active → queued, waiting for the queue's backoff; the credits stay reserved. */
export async function markRetrying(database: Database, jobId: string, error: string): Promise<void> {
  await database.db
    .update(jobs)
    .set({ status: 'queued', stage: 'Retrying', error, updatedAt: sql`now()` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, 'active')));
}

export async function succeed(
  database: Database,
  spec: JobSpec | undefined,
  jobId: string,
  result: unknown,
): Promise<JobRow | undefined> {
  return database.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({
        status: 'succeeded',
        progress: 1,
        result: result ?? null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
        error: null,
      })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'active')))
      .returning();
    if (!row) return undefined;
    const used = spec?.charge ? Math.min(row.cost, Math.max(0, spec.charge(result, row.payload))) : row.cost;
    if (used > 0)
      await post(tx, {
        uid: row.uid,
        move: capture(used),
        reason: `Job ${row.kind} done`,
        jobId,
        idempotencyKey: creditKey(jobId, 'capture'),
      });
    if (row.cost > used) {
      await post(tx, {
        uid: row.uid,
        move: release(row.cost - used),
        reason: `Job ${row.kind} partly done`,
        jobId,
        idempotencyKey: creditKey(jobId, 'release'),
      });
    }
    await spec?.onSuccess?.(tx, row, result, used);
    await emitEnd(tx, spec, row, used);
    return row;
  });
}

/**
 * Ends a job that did not succeed and returns its credits; `from` limits which states may end this way. `config`
 * is this process's, for the kind's `onFailure`.
 */
export async function finishUnsuccessful(
  database: Database,
  config: ServerConfig,
  spec: JobSpec | undefined,
  jobId: string,
  outcome: {
    status: 'failed' | 'cancelled';
    error: string | null;
    from: readonly JobRow['status'][];
    uid?: string;
    errorKind?: 'setup';
  },
): Promise<JobRow | undefined> {
  return database.transaction(async (tx) => {
    const [row] = await tx
      .update(jobs)
      .set({
        status: outcome.status,
        error: outcome.error,
        errorKind: outcome.errorKind ?? null,
        finishedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(jobs.id, jobId),
          inArray(jobs.status, [...outcome.from]),
          outcome.uid ? eq(jobs.uid, outcome.uid) : undefined,
        ),
      )
      .returning();
    if (!row) return undefined;
    const reason = outcome.status === 'cancelled' ? `Job ${row.kind} cancelled` : `Job ${row.kind} failed`;
    if (row.cost > 0)
      await post(tx, {
        uid: row.uid,
        move: release(row.cost),
        reason,
        jobId,
        idempotencyKey: creditKey(jobId, 'release'),
      });
    await spec?.onFailure?.(tx, row, config);
    // A cancel is the user's own doing: no one needs telling.
    if (row.status === 'failed') await emitEnd(tx, spec, row, 0);
    return row;
  });
}

/** The kind's webhook event, in the transaction that ended the job (so it is sent exactly when the end commits). */
async function emitEnd(tx: Tx, spec: JobSpec | undefined, row: JobRow, charged: number): Promise<void> {
  if (!spec?.event || (row.status !== 'succeeded' && row.status !== 'failed')) return;
  const record = (await spec.event.record?.(tx, row)) ?? { id: row.id };
  await emitJobEvent(
    tx,
    spec.event.subject,
    { id: row.id, uid: row.uid, status: row.status, charged, error: row.error },
    record,
  );
}
