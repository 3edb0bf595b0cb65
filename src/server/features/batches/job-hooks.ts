/**
 * How a batch learns that its rows ended: its rows are ordinary video jobs, so main.ts hands the video kinds through
 * `endingBatchRows`, which runs the kind's own onSuccess / onFailure and then, in the same transaction, completes
 * the batch the job's video belongs to when that was its last open row (store.ts `settleBatch`). Jobs of no batch
 * cost one indexed read.
 */
import type { JobSpec } from '~/server/jobs/registry.ts';
import { batchOfJob, settleBatch } from './store.ts';

export function endingBatchRows(spec: JobSpec): JobSpec {
  return {
    ...spec,
    onSuccess: async (tx, job, result, charged) => {
      await spec.onSuccess?.(tx, job, result, charged);
      const batchId = await batchOfJob(tx, job.id);
      if (batchId) await settleBatch(tx, batchId);
    },
    onFailure: async (tx, job, config) => {
      await spec.onFailure?.(tx, job, config);
      const batchId = await batchOfJob(tx, job.id);
      if (batchId) await settleBatch(tx, batchId);
    },
  };
}
