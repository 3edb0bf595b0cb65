/**
 * Sending webhook deliveries, in the worker role. Two parts:
 *
 * - the relay: every `relayMs` it claims deliveries that are due, within each endpoint's and each user's limits
 *   (fairness.ts; a claim is a lease of `leaseMs`, so two workers never claim one), and puts one job per delivery on
 *   the `webhooks.deliver` pg-boss queue, then wakes this process's consumer at once;
 * - the consumer: its own queue with its own concurrency, so a slow receiver never takes a render's slot. Each job
 *   makes one attempt (signed per Standard Webhooks, 10 s timeout, address rule), then in one transaction logs it,
 *   schedules the next attempt or ends the delivery, and turns the endpoint off when it has failed long enough.
 *
 * At least once: the delivery row commits with its event; a claim lost with its process comes back when its lease
 * ends; a process that dies between an attempt and its bookkeeping leaves the job to pg-boss's retry, which sends
 * again. A job whose delivery moved on (attempt count changed) is a duplicate and does nothing.
 */
import { and, eq, min, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { ServerConfig } from '~/server/config/index.ts';
import type { Database } from '~/server/db/index.ts';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '~/server/db/schema/developers.ts';
import type { Logger } from '~/server/http/logger.ts';
import type { JobQueue } from '~/server/jobs/queue.ts';
import { claimDue } from './fairness.ts';
import { type PostOutcome, postWebhook, type Resolver } from './outbound.ts';
import { delivered, nextDelay, RETRY_SCHEDULE_MS, shouldDisable } from './schedule.ts';
import { failPending } from './store.ts';

export const WEBHOOK_QUEUE = 'webhooks.deliver';
/** Standard Webhooks asks receivers to answer within seconds; past this an attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const RELAY_BATCH = 200;

interface DeliverJob {
  deliveryId: string;
  attempt: number;
}

export interface WebhookDeliveryOptions {
  database: Database;
  queue: JobQueue;
  config: ServerConfig['webhooks'];
  log: Logger;
  /** Delay of each attempt after the previous one (schedule.ts); tests pass a short one. */
  schedule?: readonly number[];
  /** Per attempt. */
  timeoutMs?: number;
  /** How often the relay looks for due deliveries: the first attempt's latency is at most about this. */
  relayMs?: number;
  /** How long a claimed delivery counts as in flight before it may be claimed again (its process died). */
  leaseMs?: number;
  resolve?: Resolver;
}

export async function startWebhookDelivery(options: WebhookDeliveryOptions): Promise<{ close(): Promise<void> }> {
  const { database, queue, config, log } = options;
  const boss = queue.boss;
  const schedule = options.schedule ?? RETRY_SCHEDULE_MS;
  const relayMs = options.relayMs ?? 200;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;

  if (!(await boss.getQueue(WEBHOOK_QUEUE))) {
    await boss
      .createQueue(WEBHOOK_QUEUE, {
        // Retries here are for a process that died mid-attempt; a failed attempt is scheduled by the delivery row.
        retryLimit: 3,
        retryDelay: 5,
        expireInSeconds: Math.ceil(timeoutMs / 1000) + 60,
      })
      .catch(async (error: unknown) => {
        if (!(await boss.getQueue(WEBHOOK_QUEUE))) throw error;
      });
  }

  const attemptOne = async (job: DeliverJob): Promise<void> => {
    const [found] = await database.db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, payload: webhookEvents.payload })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, job.deliveryId));
    if (found?.delivery.status !== 'pending' || found.delivery.attempts !== job.attempt) return;
    if (!found.endpoint.enabled) {
      await database.transaction((tx) => failPending(tx, found.endpoint.id, 'The endpoint was turned off'));
      return;
    }
    const body = JSON.stringify(found.payload);
    const at = new Date();
    const signature = new Webhook(found.endpoint.secret).sign(found.delivery.eventId, at, body);
    const outcome = await postWebhook(
      found.endpoint.url,
      body,
      {
        'webhook-id': found.delivery.eventId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
        'user-agent': 'NXN-Webhooks/1',
      },
      { policy: config, timeoutMs, ...(options.resolve ? { resolve: options.resolve } : {}) },
    );
    await recordAttempt({ database, schedule, log }, job, found.endpoint.id, at, outcome);
  };

  const workId = await boss.work<DeliverJob>(
    WEBHOOK_QUEUE,
    { batchSize: 1, localConcurrency: config.concurrency, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await attemptOne(job.data);
    },
  );

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const relay = async (): Promise<number> => {
    const due = await claimDue(database, { pool: config.concurrency, batch: RELAY_BATCH, leaseMs });
    if (due.length === 0) return 0;
    await boss.insert(
      WEBHOOK_QUEUE,
      due.map((row) => ({ data: { deliveryId: row.id, attempt: Number(row.attempts) } satisfies DeliverJob })),
    );
    boss.notifyWorker(workId);
    return due.length;
  };
  const tick = () => {
    running = relay().then(
      (claimed) => {
        if (!stopped) timer = setTimeout(tick, claimed === RELAY_BATCH ? 0 : relayMs);
      },
      (err: unknown) => {
        log.error({ err }, 'webhook relay failed');
        if (!stopped) timer = setTimeout(tick, Math.max(relayMs, 1000));
      },
    );
  };
  tick();

  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await boss.offWork(WEBHOOK_QUEUE, { id: workId, wait: false }).catch(() => undefined);
    },
  };
}

/**
 * The attempt's log line and what follows from it, in one transaction: the delivery's summary and next attempt, the
 * endpoint's failing-since, and turning the endpoint off when it has failed for the whole schedule.
 */
function recordAttempt(
  { database, schedule, log }: { database: Database; schedule: readonly number[]; log: Logger },
  job: DeliverJob,
  endpointId: string,
  at: Date,
  outcome: PostOutcome,
) {
  return database.transaction(async (tx) => {
    const ok = delivered(outcome.status);
    const error = ok ? null : (outcome.error ?? `The endpoint answered ${outcome.status}`);
    const made = job.attempt + 1;
    const delay = ok ? undefined : nextDelay(made, schedule);
    const status = ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status,
        attempts: made,
        responseStatus: outcome.status,
        responseMs: outcome.ms,
        error,
        lastAttemptAt: at,
        nextAttemptAt: delay === undefined ? null : new Date(Date.now() + delay),
        claimedAt: null,
      })
      .where(
        and(
          eq(webhookDeliveries.id, job.deliveryId),
          eq(webhookDeliveries.attempts, job.attempt),
          eq(webhookDeliveries.status, 'pending'),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    if (!updated) return; // a duplicate job recorded this attempt first
    await tx.insert(webhookAttempts).values({
      deliveryId: job.deliveryId,
      at,
      responseStatus: outcome.status,
      responseMs: outcome.ms,
      error,
    });
    if (ok) {
      await tx.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
      return;
    }
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${at.toISOString()}::timestamptz)` })
      .where(eq(webhookEndpoints.id, endpointId))
      .returning({ failingSince: webhookEndpoints.failingSince, enabled: webhookEndpoints.enabled });
    if (status !== 'failed' || !endpoint?.enabled) return;
    const [first] = await tx
      .select({ at: min(webhookAttempts.at) })
      .from(webhookAttempts)
      .where(eq(webhookAttempts.deliveryId, job.deliveryId));
    if (!shouldDisable({ exhausted: true, failingSince: endpoint.failingSince, firstAttemptAt: first?.at ?? at }))
      return;
    const since = endpoint.failingSince?.toISOString().replace('T', ' ').slice(0, 16) ?? '';
    await tx
      .update(webhookEndpoints)
      .set({
        enabled: false,
        disabledReason: `Turned off: every delivery since ${since} UTC failed (last: ${error}). Fix the receiver, then turn the endpoint on again.`,
        updatedAt: sql`now()`,
      })
      .where(eq(webhookEndpoints.id, endpointId));
    await failPending(tx, endpointId, 'The endpoint was turned off after failing for too long');
    log.warn({ endpointId }, 'webhook endpoint turned off after failing for too long');
  });
}
