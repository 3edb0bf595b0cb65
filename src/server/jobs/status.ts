/**
 * What a feature's generation record shows while its job runs: the record's own final status once it has one, the
 * job's otherwise. A job that succeeded before the record was completed still shows as working.
 */
export type GenerationStatus = 'queued' | 'active' | 'succeeded' | 'failed';

export function generationStatus(own: string, job: { status: string } | null): GenerationStatus {
  if (own === 'succeeded' || own === 'failed') return own;
  if (!job) return 'failed';
  if (job.status === 'queued' || job.status === 'active') return job.status;
  return job.status === 'succeeded' ? 'active' : 'failed';
}
