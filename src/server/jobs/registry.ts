/**
 * Job kinds are declared, not discovered. A feature exports its kinds' specs from a light module (its `job.ts`,
 * which imports only the contract, its store and these types) and names the handler by module and export rather
 * than importing it; `handlerIn` checks that name against the module's type (a type-only import, erased at run
 * time), so a typo or a handler of other payload or result types fails the type check:
 *
 *   export const videoJobs = [
 *     defineJob<VideoJobPayload, FinishedVideo>({
 *       kind: VIDEO_JOB,
 *       payload: VideoJobPayload,                 // zod schema, checked on accept
 *       price: videoJobPrice,
 *       handler: handlerIn<typeof import('./handler.ts')>(new URL('./handler.ts', import.meta.url).href).export('renderVideo'),
 *       runInChild: true,                         // heavy work: run in a forked process
 *       onSuccess: (tx, job, result, charged) => completeVideo(tx, job.id, result, charged),
 *     }),
 *   ];
 *
 * `main.ts` puts every feature's list into one registry (`createJobRegistry`) and hands it to the job queue and
 * the worker. Only a worker, when it runs a job, imports the handler's module, so the API never loads ffmpeg,
 * speech engines or image renderers. The framework reserves `price(payload)` credits when a job is accepted,
 * captures them when the handler returns and releases them when it fails for good or is cancelled, so no feature
 * handles credits itself.
 */
import type { z } from 'zod';
import type { SystemTool } from '~/contract/system-tools.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import type { Tx } from '~/server/db/index.ts';
import type { jobs } from '~/server/db/schema/jobs.ts';
import type { JobEventSubject, JobRecord } from '~/server/events/jobs.ts';

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
  /** The configuration the worker was started with (a forked child receives the parent's). */
  config: ServerConfig;
  /** Aborted when the user cancels or the worker shuts down: stop work and throw. */
  signal: AbortSignal;
  /** `fraction` is 0..1 of the whole job; written to the job row (throttled) for GET /jobs/:id and its events. */
  reportProgress(stage: string, fraction: number): void;
  /** Stores an output for the job's owner; pass bytes or the path of a file on local disk. */
  putFile(body: Uint8Array | { path: string }, meta: { contentType: string; name?: string }): Promise<StoredFile>;
}

export type JobHandler<P, R = unknown> = (ctx: JobContext<P>) => Promise<R>;

declare const handlerType: unique symbol;

/**
 * Where a handler lives: an absolute module URL (`new URL('./x.ts', import.meta.url).href`) and the name of the
 * `JobHandler` it exports. A URL rather than a function so a forked child can import it too. `H`, the handler's
 * type, exists only for the compiler (no such property at run time): a spec of payload P and result R accepts
 * only a reference to a `JobHandler<P, R>`.
 */
export interface HandlerRef<H = JobHandler<never>> {
  module: string;
  export: string;
  readonly [handlerType]?: H;
}

/**
 * `handlerIn<typeof import('./x.ts')>(url).export(name)`: the type import loads nothing at run time, `name` must be
 * one of that module's exports, and the spec's `handler` field checks that export's type. (Two calls because the
 * compiler infers `name` only when `M` is not written in the same call.) The URL and the type import should name
 * the same file; tests/unit/job-handlers.test.ts imports every registered handler to be sure.
 */
export const handlerIn = <M>(module: string) => ({
  export: <K extends keyof M & string>(name: K): HandlerRef<M[K]> => ({ module, export: name }),
});

export interface JobSpec<P = unknown, R = unknown> {
  /** `feature.action`: lowercase, dots and dashes. Also the pg-boss queue's name. */
  kind: string;
  /** Validates the payload on accept (`POST /jobs` or `enqueue`); the handler receives the parsed value. */
  payload: z.ZodType<P>;
  /** Credits reserved on accept. Use the pure functions of src/contract/pricing.ts. */
  price: (payload: P) => number;
  /**
   * Credits a success actually used, when it delivered less than was priced (3 of 4 images, a video shorter than
   * estimated): at most the price, and the rest of the reservation is released. Default: the whole price.
   */
  charge?: (result: R, payload: P) => number;
  /** Imported only by the process that runs the job; write it with `handlerIn`. */
  handler: HandlerRef<JobHandler<P, R>>;
  /** Run the handler in a forked child so the worker stays responsive (CPU-heavy media work). */
  runInChild?: boolean;
  /**
   * What the worker's machine must have (jobs/workers.ts): while no live worker has it the kind is refused with a
   * 503 and nothing held, and a worker that lacks it fails the job at once as a set-up problem, charging nothing.
   * `doing` completes "This server cannot … yet", e.g. "make videos".
   */
  needs?: { tools: readonly SystemTool[]; doing: string };
  /**
   * Long jobs users queue many of (a batch's videos): shared fairly between users. Each user's jobs of the kind run
   * at most `JOB_USER_CONCURRENCY` at once across all workers, and a job waits behind the owner's own earlier jobs
   * rather than behind everyone's: its priority is minus the owner's jobs of the kind already waiting, so another
   * user's single video goes next, ahead of the rest of a long batch (queue.ts, worker.ts). Default false.
   */
  fairShare?: boolean;
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
  /**
   * In the transaction that marks success and captures `charged` credits: write the feature's own rows here. Runs
   * in the worker (hooks run in whichever process settles the job), so it must stay light.
   */
  onSuccess?: (tx: Tx, job: JobRow, result: R, charged: number) => Promise<void>;
  /** In the transaction that marks failure or cancellation (in the API or a worker) and releases the credits. */
  onFailure?: (tx: Tx, job: JobRow, config: ServerConfig) => Promise<void>;
  /**
   * The webhook events its end is (`<subject>.succeeded` / `<subject>.failed`, events/jobs.ts) and the record the
   * API shows for it (default: the job's id). Emitted by the framework in the transaction that ends the job.
   */
  event?: { subject: JobEventSubject; record?: (tx: Tx, job: JobRow) => Promise<JobRecord> | JobRecord };
}

/** Checks a spec against its payload and result types, then erases them so specs of any kinds share one list. */
export const defineJob = <P, R>(spec: JobSpec<P, R>): JobSpec => spec as unknown as JobSpec;

export interface JobRegistry {
  get(kind: string): JobSpec | undefined;
  readonly specs: readonly JobSpec[];
}

const KIND = /^[a-z][a-z0-9-]*(\.[a-z0-9-]+)*$/;

export function createJobRegistry(specs: readonly JobSpec[]): JobRegistry {
  const byKind = new Map<string, JobSpec>();
  for (const spec of specs) {
    if (!KIND.test(spec.kind))
      throw new Error(`Job kind "${spec.kind}" must look like "feature.action" (lowercase, dots, dashes)`);
    if (byKind.has(spec.kind)) throw new Error(`Job kind "${spec.kind}" is declared twice`);
    byKind.set(spec.kind, spec);
  }
  return { get: (kind) => byKind.get(kind), specs: [...byKind.values()] };
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
