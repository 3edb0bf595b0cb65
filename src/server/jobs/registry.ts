/**
 * Job kinds and their handlers. A feature registers its kind once, at module load:
 *
 *   registerJobHandler('video.render', renderVideo, {
 *     payload: VideoJobPayload,                 // zod schema, checked on accept
 *     price: (p) => videoCost(p.durationMs, p.resolution),
 *     runInChild: import.meta.url,              // heavy work: run in a child process
 *   });
 *
 * The framework then reserves `price(payload)` credits when a job is accepted, captures them when the handler
 * returns and releases them when it fails for good or is cancelled, so no feature handles credits itself.
 */
import type { z } from 'zod';
import type { Tx } from '../db/index.ts';
import type { jobs } from '../db/schema/jobs.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface StoredFile {
  fileId: string;
}

export interface JobContext<P> {
  jobId: string;
  uid: string;
  payload: P;
  /** 0 on the first run, +1 on each retry. */
  attempt: number;
  /** Aborted when the user cancels or the worker shuts down: stop work and throw. */
  signal: AbortSignal;
  /** `fraction` is 0..1 of the whole job; written to the job row (throttled) for GET /jobs/:id and its events. */
  reportProgress(stage: string, fraction: number): void;
  /** Stores an output for the job's owner; pass bytes or the path of a file on local disk. */
  putFile(body: Uint8Array | { path: string }, meta: { contentType: string; name?: string }): Promise<StoredFile>;
}

export type JobHandler<P, R = unknown> = (ctx: JobContext<P>) => Promise<R>;

export interface JobOptions<P, R> {
  /** Validates the payload on accept (`POST /jobs` or `enqueue`); the handler receives the parsed value. */
  payload: z.ZodType<P>;
  /** Credits reserved on accept. Use the pure functions of src/contract/pricing.ts. */
  price: (payload: P) => number;
  /**
   * Credits a success actually used, when it delivered less than was priced (3 of 4 images, a video shorter than
   * estimated): at most the price, and the rest of the reservation is released. Default: the whole price.
   */
  charge?: (result: R, payload: P) => number;
  /** This module's `import.meta.url`: the handler then runs in a forked child so the parent stays responsive. */
  runInChild?: string;
  /** Automatic retries after a failure (with exponential backoff). Default 2. */
  retryLimit?: number;
  /** A run longer than this fails (then retries). Default 30 minutes. */
  timeoutSeconds?: number;
  /**
   * Whether browsers may create it through `POST /jobs`, and run it again through `POST /jobs/:id/retry`; false
   * for kinds only a feature route enqueues. Such a kind has its own record (a video, a speech row) that a bare
   * job retry would leave behind, so it is retried only through its feature. Default true.
   */
  public?: boolean;
  /** In the transaction that marks success and captures `charged` credits: write the feature's own rows here. */
  onSuccess?: (tx: Tx, job: JobRow, result: R, charged: number) => Promise<void>;
  /** In the transaction that marks failure or cancellation and releases the credits. */
  onFailure?: (tx: Tx, job: JobRow) => Promise<void>;
}

export interface JobDefinition<P = unknown, R = unknown> extends JobOptions<P, R> {
  kind: string;
  run: JobHandler<P, R>;
}

/** An error whose message is meant for the user. `retryable: false` skips the remaining automatic retries. */
export class JobError extends Error {
  constructor(
    message: string,
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'JobError';
  }
}

const KIND = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;
const definitions = new Map<string, JobDefinition>();

export function registerJobHandler<P, R>(kind: string, run: JobHandler<P, R>, options: JobOptions<P, R>): void {
  if (!KIND.test(kind)) throw new Error(`Job kind "${kind}" must look like "feature.action" (lowercase, dots, dashes)`);
  const existing = definitions.get(kind);
  if (existing && existing.run !== (run as JobHandler<unknown>)) throw new Error(`Job kind "${kind}" is registered twice`);
  definitions.set(kind, { kind, run, ...options } as unknown as JobDefinition);
}

export const getJobDefinition = (kind: string): JobDefinition | undefined => definitions.get(kind);
export const jobKinds = (): string[] => [...definitions.keys()];
