/**
 * Runs one attempt of a job's handler, either in this process or, for kinds declared with `runInChild`, in a
 * forked Node process (child.ts) so CPU-heavy media work never blocks the worker's event loop. Either way the
 * handler is imported from its spec's HandlerRef only now, and sees the same JobContext; from a child, progress
 * and stored files travel back over IPC.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { ServerConfig } from '~/server/config/index.ts';
import { createStorage, storageKey } from '~/server/storage/index.ts';
import type { HandlerRef, JobContext, JobHandler, JobSpec, StoredFile } from './registry.ts';

export interface FileMeta {
  id: string;
  storageKey: string;
  contentType: string;
  size: number;
  name: string | null;
}

export interface AttemptInput {
  jobId: string;
  uid: string;
  payload: unknown;
  attempt: number;
  signal: AbortSignal;
  config: ServerConfig;
  onProgress(stage: string, fraction: number): void;
  /** Must have recorded the file before it resolves: the result that names it comes after. */
  onFile(file: FileMeta): Promise<void>;
}

/** A failure as the runner reports it: the message and whether the handler marked it final. */
export interface AttemptError {
  message: string;
  /** JobError messages are meant for users; others are replaced by a generic text. */
  userFacing: boolean;
  retryable: boolean;
}

export class AttemptFailed extends Error {
  constructor(readonly detail: AttemptError) {
    super(detail.message);
    this.name = 'AttemptFailed';
  }
}

/** Shared by both modes: a context whose putFile writes to storage and hands the metadata to `record`. */
export function makeContext(
  input: Omit<AttemptInput, 'onFile' | 'onProgress' | 'config'>,
  config: ServerConfig,
  onProgress: AttemptInput['onProgress'],
  record: (file: FileMeta) => Promise<void>,
): JobContext<unknown> {
  const storage = createStorage(config);
  return {
    jobId: input.jobId,
    uid: input.uid,
    payload: input.payload,
    attempt: input.attempt,
    config,
    signal: input.signal,
    reportProgress: onProgress,
    async putFile(body, meta): Promise<StoredFile> {
      const id = randomUUID();
      const key = storageKey(input.uid, id);
      const { size } = await storage.put(key, body, meta.contentType);
      try {
        await record({ id, storageKey: key, contentType: meta.contentType, size, name: meta.name ?? null });
      } catch (error) {
        // An object without its record would never be listed, served, counted or deleted.
        await storage.delete(key).catch(() => undefined);
        throw error;
      }
      return { fileId: id };
    },
  };
}

export function describeError(error: unknown): AttemptError {
  if (error instanceof AttemptFailed) return error.detail;
  const isJobError = error instanceof Error && error.name === 'JobError';
  return {
    message: error instanceof Error ? error.message : String(error),
    userFacing: isJobError,
    retryable: isJobError ? (error as { retryable?: boolean }).retryable !== false : true,
  };
}

/** Imports the handler a spec names (the first time its kind runs in this process). */
export async function loadHandler(ref: HandlerRef): Promise<JobHandler<unknown>> {
  const exports = (await import(ref.module)) as Record<string, unknown>;
  const handler = exports[ref.export];
  if (typeof handler !== 'function') throw new Error(`${ref.module} exports no job handler "${ref.export}"`);
  return handler as JobHandler<unknown>;
}

export async function runAttempt(spec: JobSpec, input: AttemptInput): Promise<unknown> {
  if (spec.runInChild) return runInChild(spec.handler, input);
  try {
    const handler = await loadHandler(spec.handler);
    return await handler(makeContext(input, input.config, input.onProgress, input.onFile));
  } catch (error) {
    throw new AttemptFailed(describeError(error));
  }
}

/** Parent → child. */
export type ToChild =
  | {
      type: 'start';
      handler: HandlerRef;
      config: ServerConfig;
      jobId: string;
      uid: string;
      payload: unknown;
      attempt: number;
    }
  | { type: 'abort' };
/** Child → parent. */
export type FromChild =
  | { type: 'progress'; stage: string; fraction: number }
  | { type: 'file'; file: FileMeta }
  | { type: 'done'; result: unknown }
  | { type: 'failed'; error: AttemptError };

const CHILD_ENTRY = fileURLToPath(new URL('./child.ts', import.meta.url));
const TSX_LOADER = import.meta.resolve('tsx');
/** After an abort the child gets this long to stop by itself before it is killed. */
const ABORT_GRACE_MS = 5_000;

function runInChild(handler: HandlerRef, input: AttemptInput): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD_ENTRY, [], {
      execArgv: ['--import', TSX_LOADER],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    // Messages are handled strictly in order so a file is recorded before the result that refers to it.
    let chain = Promise.resolve();
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      input.signal.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      if (child.connected) child.send({ type: 'abort' } satisfies ToChild);
      killTimer = setTimeout(() => child.kill('SIGKILL'), ABORT_GRACE_MS);
    };
    input.signal.addEventListener('abort', onAbort, { once: true });

    child.on('message', (message: FromChild) => {
      chain = chain
        .then(async () => {
          switch (message.type) {
            case 'progress':
              input.onProgress(message.stage, message.fraction);
              break;
            case 'file':
              await input.onFile(message.file);
              break;
            case 'done':
              settle(() => resolve(message.result));
              break;
            case 'failed':
              settle(() => reject(new AttemptFailed(message.error)));
              break;
          }
        })
        .catch((error: unknown) => {
          child.kill('SIGKILL');
          settle(() => reject(new AttemptFailed(describeError(error))));
        });
    });
    child.once('error', (error) => settle(() => reject(new AttemptFailed(describeError(error)))));
    child.once('exit', (code, signal) => {
      clearTimeout(killTimer);
      void chain.then(() =>
        settle(() =>
          reject(
            new AttemptFailed({
              message: `Job process exited (${signal ?? `code ${code}`})`,
              userFacing: false,
              retryable: true,
            }),
          ),
        ),
      );
    });
    if (input.signal.aborted) onAbort();
    else
      child.send({
        type: 'start',
        handler,
        config: input.config,
        jobId: input.jobId,
        uid: input.uid,
        payload: input.payload,
        attempt: input.attempt,
      } satisfies ToChild);
  });
}
