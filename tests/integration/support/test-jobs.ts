/**
 * Job kinds that exist only in tests, declared the way a feature declares its own (the handlers live here too:
 * this module is light). `test.child` runs in a forked process like real media work; the others run in the
 * worker process.
 */
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { defineJob, handlerIn, JobError, type JobHandler, type JobSpec } from '~/server/jobs/registry.ts';

const here = handlerIn<typeof import('./test-jobs.ts')>(import.meta.url);

const HoldPayload = z.object({ cost: z.number().int().min(0), holdMs: z.number().int().min(0).default(60_000) });
/** Accepted and held: never finishes by itself unless `holdMs` elapses (used for spend races and cancel). */
export const hold: JobHandler<z.output<typeof HoldPayload>> = async ({ payload, signal }) => {
  await sleep(payload.holdMs, undefined, { signal });
  return { held: payload.holdMs };
};

const ChildPayload = z.object({
  text: z.string().min(1),
  steps: z.number().int().min(1).max(50).default(3),
  stepMs: z.number().int().min(0).default(50),
  pidFile: z.string().optional(),
});
/** In a child process: reports stages, stores a file, records its pid (so a test can see the process end). */
export const child: JobHandler<z.output<typeof ChildPayload>> = async ({
  payload,
  reportProgress,
  putFile,
  signal,
}) => {
  if (payload.pidFile) await fs.writeFile(payload.pidFile, String(process.pid));
  reportProgress('Preparing', 0.1);
  for (let step = 1; step <= payload.steps; step++) {
    await sleep(payload.stepMs, undefined, { signal });
    reportProgress('Rendering', 0.1 + (0.8 * step) / payload.steps);
  }
  const file = await putFile(new TextEncoder().encode(payload.text), { contentType: 'text/plain', name: 'out.txt' });
  return { fileId: file.fileId, pid: process.pid };
};

/** Fails every attempt with a message meant for the user. */
export const fail: JobHandler<unknown> = async ({ attempt }) => {
  throw new JobError(`Could not render (attempt ${attempt})`);
};

const RemotePayload = z.object({ pidFile: z.string() });
/** The first attempt hangs like a worker that froze or died; later attempts succeed at once. */
export const remote: JobHandler<z.output<typeof RemotePayload>> = async ({ attempt, payload, signal }) => {
  await fs.writeFile(payload.pidFile, String(process.pid));
  if (attempt === 0) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  return { attempt, pid: process.pid };
};

export const testJobs: JobSpec[] = [
  defineJob({ kind: 'test.hold', payload: HoldPayload, price: (p) => p.cost, handler: here.export('hold') }),
  defineJob({
    kind: 'test.child',
    payload: ChildPayload,
    price: () => 5,
    handler: here.export('child'),
    runInChild: true,
  }),
  defineJob({ kind: 'test.fail', payload: z.object({}), price: () => 7, retryLimit: 1, handler: here.export('fail') }),
];

/** Accepted by the test stack's API but run only by the out-of-process test worker (worker-process.ts). */
export const remoteJobs: JobSpec[] = [
  defineJob({
    kind: 'test.remote',
    payload: RemotePayload,
    price: () => 4,
    retryLimit: 2,
    handler: here.export('remote'),
  }),
];
