/**
 * A kind only the out-of-process test worker runs (the in-process worker started before it was registered).
 * The first attempt hangs like a worker that froze or died; later attempts succeed at once.
 */
import fs from 'node:fs/promises';
import { z } from 'zod';
import { registerJobHandler } from '~/server/jobs/registry.ts';

registerJobHandler(
  'test.remote',
  async ({ attempt, payload, signal }) => {
    await fs.writeFile(payload.pidFile, String(process.pid));
    if (attempt === 0) await new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    return { attempt, pid: process.pid };
  },
  { payload: z.object({ pidFile: z.string() }), price: () => 4, retryLimit: 2 },
);
