/**
 * The `watermark` job as the API and the worker know it: the render of one removal with the boxes the user settled
 * on. Priced per started minute of the source; the framework holds the credits on accept, captures them when the
 * clean file is stored and releases them on failure or cancel. The handler (handler.ts) is imported only where the
 * job runs.
 */
import { z } from 'zod';
import { watermarkCost } from '~/contract/pricing.ts';
import { watermarkBoxSchema } from '~/contract/watermark.ts';
import type { WatermarkFacts } from '~/server/db/schema/watermark.ts';
import { defineJob, handlerIn } from '~/server/jobs/registry.ts';
import { completeRender, failRender } from './store.ts';

export const WATERMARK_JOB = 'watermark';

export const WatermarkJobPayload = z.object({
  removalId: z.uuid(),
  sourceKey: z.string().min(1),
  name: z.string(),
  durationMs: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  boxes: z.array(watermarkBoxSchema).min(1),
  facts: z.custom<WatermarkFacts>((value) => typeof value === 'object' && value !== null),
});
export type WatermarkJobPayload = z.infer<typeof WatermarkJobPayload>;

export interface WatermarkJobResult {
  fileId: string;
}

export const watermarkJobs = [
  defineJob<WatermarkJobPayload, WatermarkJobResult>({
    kind: WATERMARK_JOB,
    payload: WatermarkJobPayload,
    price: (p) => watermarkCost(p.durationMs),
    handler: handlerIn<typeof import('./handler.ts')>(new URL('./handler.ts', import.meta.url).href).export(
      'renderWatermarkRemoval',
    ),
    runInChild: true,
    public: false,
    retryLimit: 1,
    // A 30-minute 4K source on a small worker takes hours, not minutes.
    timeoutSeconds: 6 * 60 * 60,
    event: { subject: 'watermark', record: (_tx, job) => ({ id: (job.payload as WatermarkJobPayload).removalId }) },
    onSuccess: (tx, job, result, charged) =>
      completeRender(tx, (job.payload as WatermarkJobPayload).removalId, job.id, result.fileId, charged),
    onFailure: (tx, job) =>
      failRender(
        tx,
        (job.payload as WatermarkJobPayload).removalId,
        job.id,
        job.status === 'cancelled' ? 'Cancelled' : (job.error ?? 'The video could not be cleaned.'),
      ),
  }),
];
