/**
 * Job kinds that exist only in tests, registered the way a feature registers its own. `test.child` runs in a
 * forked process like real media work; the others run in the worker process.
 */
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { JobError, registerJobHandler } from '~/server/jobs/registry.ts';

/** Accepted and held: never finishes by itself unless `holdMs` elapses (used for spend races and cancel). */
registerJobHandler(
  'test.hold',
  async ({ payload, signal }) => {
    await sleep(payload.holdMs, undefined, { signal });
    return { held: payload.holdMs };
  },
  { payload: z.object({ cost: z.number().int().min(0), holdMs: z.number().int().min(0).default(60_000) }), price: (p) => p.cost },
);

/** In a child process: reports stages, stores a file, records its pid (so a test can see the process end). */
registerJobHandler(
  'test.child',
  async ({ payload, reportProgress, putFile, signal }) => {
    if (payload.pidFile) await fs.writeFile(payload.pidFile, String(process.pid));
    reportProgress('Preparing', 0.1);
    for (let step = 1; step <= payload.steps; step++) {
      await sleep(payload.stepMs, undefined, { signal });
      reportProgress('Rendering', 0.1 + (0.8 * step) / payload.steps);
    }
    const file = await putFile(new TextEncoder().encode(payload.text), { contentType: 'text/plain', name: 'out.txt' });
    return { fileId: file.fileId, pid: process.pid };
  },
  {
    payload: z.object({
      text: z.string().min(1),
      steps: z.number().int().min(1).max(50).default(3),
      stepMs: z.number().int().min(0).default(50),
      pidFile: z.string().optional(),
    }),
    price: () => 5,
    runInChild: import.meta.url,
  },
);

/** Fails every attempt with a message meant for the user. */
registerJobHandler(
  'test.fail',
  async ({ attempt }) => {
    throw new JobError(`Could not render (attempt ${attempt})`);
  },
  { payload: z.object({}), price: () => 7, retryLimit: 1 },
);
