/**
 * The job service every role uses: accept (reserve credits + row + pg-boss send), cancel, retry, read. pg-boss
 * delivers jobs under the same id as our row, on PostgreSQL through its own pool and on PGlite through an adapter
 * over the single client (pg-boss 12's `pglite` backend).
 *
 * Accepting commits our row first and sends to pg-boss right after. A crash in between leaves a queued row
 * without a pg-boss job; `reconcile()` (run by workers) sends those again, so no accepted job is ever lost.
 */
import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import { PgBoss, type Queue } from 'pg-boss';
import { isUuid } from '~/contract/ids.ts';
import { toolsMissingMessage } from '~/contract/system-tools.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import type { Database, Tx } from '~/server/db/index.ts';
import { cutPage, pageOf } from '~/server/db/paging.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { HttpError } from '~/server/http/errors.ts';
import type { Logger } from '~/server/http/logger.ts';
import { finishUnsuccessful, insertJob } from './lifecycle.ts';
import type { JobRegistry, JobRow, JobSpec } from './registry.ts';
import { toolsReadiness } from './workers.ts';

/** pg-boss copies jobs here once they fail for good, including those whose worker died on the last attempt. */
export const DEAD_LETTER_QUEUE = 'nxn.dead-jobs';
export interface QueuedData {
  jobId: string;
}

export class UnknownJobKindError extends HttpError {
  constructor(readonly kind: string) {
    super(400, 'Invalid input', { kind: 'Unknown job kind' });
    this.name = 'UnknownJobKindError';
  }
}

export type JobActionResult =
  | { ok: true; job: JobRow }
  | { ok: false; reason: 'not-found' | 'conflict' | 'feature-owned' };

export interface EnqueueRequest {
  uid: string;
  kind: string;
  /** Already validated against the kind's schema (see `parsePayload`). */
  payload: unknown;
  idempotencyKey?: string;
  /** Runs in the accept transaction, after the job row exists: insert the feature's own row here. */
  inTx?: (tx: Tx, job: JobRow) => Promise<void>;
}

export const DEFAULT_RETRY_LIMIT = 2;

export const queueOptions = (spec: JobSpec): Omit<Queue, 'name'> => ({
  retryLimit: spec.retryLimit ?? DEFAULT_RETRY_LIMIT,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 300,
  expireInSeconds: spec.timeoutSeconds ?? 30 * 60,
  // pg-boss's minimum. A worker refreshes every 5 s; one silent for 10 s is presumed dead and its job retried.
  heartbeatSeconds: 10,
  deadLetter: DEAD_LETTER_QUEUE,
});

export class JobQueue {
  private constructor(
    readonly boss: PgBoss,
    /** The kinds this queue accepts (and settles), as main.ts declared them. */
    readonly jobs: JobRegistry,
    private readonly database: Database,
    private readonly config: ServerConfig,
    private readonly log: Logger,
  ) {}

  /** `supervise`: run pg-boss maintenance (expiry, heartbeat monitor) here; workers do, API-only processes don't. */
  static async start(
    database: Database,
    config: ServerConfig,
    log: Logger,
    options: { supervise: boolean; jobs: JobRegistry },
  ): Promise<JobQueue> {
    const connection = database.queueConnection;
    const boss = new PgBoss({
      ...(connection.backend === 'pglite'
        ? { db: connection.db, backend: 'pglite' }
        : { connectionString: connection.connectionString, max: 4 }),
      supervise: options.supervise,
      schedule: false,
      superviseIntervalSeconds: config.jobs.monitorSeconds,
      monitorIntervalSeconds: config.jobs.monitorSeconds,
      instanceName: options.supervise ? 'worker' : 'api',
    });
    boss.on('error', (err) => log.error({ err }, 'job queue error'));
    await boss.start();
    const queue = new JobQueue(boss, options.jobs, database, config, log);
    await queue.#ensureQueues();
    return queue;
  }

  /** Creates or updates one pg-boss queue per declared kind (idempotent; every process does it on start). */
  async #ensureQueues(): Promise<void> {
    await this.#upsertQueue(DEAD_LETTER_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true });
    for (const spec of this.jobs.specs) await this.#upsertQueue(spec.kind, queueOptions(spec));
  }

  async #upsertQueue(name: string, options: Omit<Queue, 'name'>): Promise<void> {
    if (!(await this.boss.getQueue(name))) {
      try {
        await this.boss.createQueue(name, options);
        return;
      } catch (error) {
        // Another process created it between our check and create.
        if (!(await this.boss.getQueue(name))) throw error;
      }
    }
    const { heartbeatSeconds: _fixedAtCreation, retryDelayMax: _alsoFixed, ...updatable } = options;
    await this.boss.updateQueue(name, updatable);
  }

  /**
   * Accepts a job: validates nothing (callers parse the payload), reserves its price and queues it. Throws
   * InsufficientCreditsError when the balance is short. With an idempotency key seen before, returns that job.
   */
  async enqueue(request: EnqueueRequest): Promise<{ job: JobRow; created: boolean }> {
    const spec = this.jobs.get(request.kind);
    if (!spec) throw new UnknownJobKindError(request.kind);
    if (request.idempotencyKey) {
      const existing = await this.#byIdempotencyKey(request.uid, request.idempotencyKey);
      if (existing) return { job: existing, created: false };
    }
    await this.refuseWithoutTools(spec);
    const cost = spec.price(request.payload);
    let job: JobRow;
    try {
      job = await this.database.transaction(async (tx) => {
        const row = await insertJob(
          tx,
          {
            uid: request.uid,
            kind: request.kind,
            payload: request.payload,
            cost,
            maxAttempts: (spec.retryLimit ?? DEFAULT_RETRY_LIMIT) + 1,
            ...(request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : {}),
          },
          `Job ${request.kind}`,
        );
        await request.inTx?.(tx, row);
        return row;
      });
    } catch (error) {
      // Two requests with one key raced: the loser's unique violation means the winner's job is the answer.
      const existing = request.idempotencyKey
        ? await this.#byIdempotencyKey(request.uid, request.idempotencyKey)
        : undefined;
      if (existing) return { job: existing, created: false };
      throw error;
    }
    await this.#dispatch(job).catch((err: unknown) =>
      this.log.warn({ err, jobId: job.id }, 'job queued; send deferred to reconcile'),
    );
    return { job, created: true };
  }

  /** 503 before anything is held when no live worker has what the kind needs (jobs/workers.ts has the rule). */
  async refuseWithoutTools(spec: JobSpec): Promise<void> {
    if (!spec.needs) return;
    const { missing } = await toolsReadiness(this.database.db, spec.needs.tools);
    if (missing.length === 0) return;
    throw new HttpError(
      503,
      toolsMissingMessage(spec.needs.doing, missing),
      undefined,
      { 'Retry-After': '60' },
      { reason: 'setup', missing },
    );
  }

  async #byIdempotencyKey(uid: string, key: string): Promise<JobRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.uid, uid), eq(jobs.idempotencyKey, key)));
    return row;
  }

  async #dispatch(job: JobRow): Promise<void> {
    const spec = this.jobs.get(job.kind);
    if (!spec) throw new UnknownJobKindError(job.kind);
    await this.boss.send(job.kind, { jobId: job.id } satisfies QueuedData, {
      id: job.id,
      ...queueOptions(spec),
      ...(spec.fairShare ? { group: { id: job.uid }, priority: -(await this.#waitingAhead(job)) } : {}),
    });
  }

  /**
   * The owner's jobs of this kind accepted before it and still waiting. pg-boss takes the highest priority first,
   * so with this as a negative priority each user's next job ranks with every other user's next one: a batch of a
   * hundred goes one video per turn while others queue, instead of all before them.
   */
  async #waitingAhead(job: JobRow): Promise<number> {
    const [row] = await this.database.db
      .select({ ahead: sql<number>`count(*)::int` })
      .from(jobs)
      .where(
        and(
          eq(jobs.uid, job.uid),
          eq(jobs.kind, job.kind),
          eq(jobs.status, 'queued'),
          lt(jobs.createdAt, job.createdAt),
        ),
      );
    return row?.ahead ?? 0;
  }

  async get(uid: string, id: string): Promise<JobRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.uid, uid)));
    return row;
  }

  /** Newest first, paged like every history (db/paging.ts). */
  async list(uid: string, limit: number, cursor?: string): Promise<{ jobs: JobRow[]; nextCursor: string | null }> {
    const { where, orderBy } = pageOf(jobs, uid, cursor);
    const rows = await this.database.db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit + 1);
    const page = cutPage(rows, limit);
    return { jobs: page.rows, nextCursor: page.nextCursor };
  }

  /** Cancels a queued or running job and returns its credits. A running handler sees its signal abort. */
  async cancel(uid: string, id: string): Promise<JobActionResult> {
    const current = await this.get(uid, id);
    if (!current) return { ok: false, reason: 'not-found' };
    const row = await finishUnsuccessful(this.database, this.config, this.jobs.get(current.kind), id, {
      status: 'cancelled',
      error: null,
      from: ['queued', 'active'],
      uid,
    });
    if (!row) return { ok: false, reason: 'conflict' };
    // Stops delivery; a worker holding it loses its claim at the next heartbeat and aborts the handler.
    await this.boss
      .cancel(row.kind, row.id)
      .catch((err: unknown) => this.log.warn({ err, jobId: id }, 'pg-boss cancel failed'));
    return { ok: true, job: row };
  }

  /**
   * Runs a failed or cancelled job again as a new job (new reservation, fresh attempts). Only kinds open to
   * `POST /jobs`: a feature's job is retried by the feature, which points its own record at the new job.
   */
  async retry(uid: string, id: string): Promise<JobActionResult> {
    const current = await this.get(uid, id);
    if (!current) return { ok: false, reason: 'not-found' };
    if (this.jobs.get(current.kind)?.public === false) return { ok: false, reason: 'feature-owned' };
    if (current.status !== 'failed' && current.status !== 'cancelled') return { ok: false, reason: 'conflict' };
    const { job } = await this.enqueue({ uid, kind: current.kind, payload: current.payload });
    return { ok: true, job };
  }

  /**
   * Heals the gap between our rows and pg-boss: queued rows pg-boss never received are sent again; rows still
   * open whose pg-boss job has ended for good are finished (credits released).
   */
  async reconcile(olderThanSeconds = 60): Promise<number> {
    const stale = await this.database.db
      .select()
      .from(jobs)
      .where(
        and(
          or(eq(jobs.status, 'queued'), eq(jobs.status, 'active')),
          lte(jobs.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        ),
      )
      .limit(100);
    let healed = 0;
    for (const row of stale) {
      const spec = this.jobs.get(row.kind);
      if (!spec) continue;
      const delivered = await this.boss.getJobById(row.kind, row.id);
      if (!delivered && row.status === 'queued') {
        await this.#dispatch(row);
        healed++;
      } else if (
        delivered &&
        (delivered.state === 'failed' || delivered.state === 'cancelled' || delivered.state === 'completed')
      ) {
        const error = delivered.state === 'cancelled' ? null : 'Processing stopped unexpectedly';
        if (
          await finishUnsuccessful(this.database, this.config, spec, row.id, {
            status: delivered.state === 'cancelled' ? 'cancelled' : 'failed',
            error,
            from: ['queued', 'active'],
          })
        )
          healed++;
      }
    }
    return healed;
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000, close: true });
  }
}
