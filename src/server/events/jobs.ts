/**
 * A job's end as a webhook event, built the same way for every kind: the job framework calls `emitJobEvent` when a
 * job succeeds or fails for good (a cancel is the user's own doing and tells no one). A kind says which subject it
 * is and which record the API shows for it in its spec (`JobSpec.event`); kinds without one emit nothing.
 */
import type { WebhookEventType } from '~/contract/developers.ts';
import type { Tx } from '~/server/db/index.ts';
import { type EventData, emitEvent } from './emit.ts';

/** The subjects of job events and where the API shows each one's record. */
export const JOB_EVENT_PATHS = {
  video: '/videos',
  speech: '/speech',
  image: '/images',
  watermark: '/watermark-removal',
} as const;
export type JobEventSubject = keyof typeof JOB_EVENT_PATHS;

export interface EndedJob {
  id: string;
  uid: string;
  status: 'succeeded' | 'failed';
  /** Credits the job was charged (0 when it failed: everything held was returned). */
  charged: number;
  error: string | null;
}

/** The record a job made, as the API names it: its id, and any fields worth sending along (e.g. every image id). */
export interface JobRecord {
  id: string;
  extra?: EventData;
}

export function jobEventOf(subject: JobEventSubject, job: EndedJob, record: JobRecord) {
  const type = `${subject}.${job.status}` as WebhookEventType;
  const data: EventData = {
    id: record.id,
    jobId: job.id,
    status: job.status,
    creditsCharged: job.charged,
    error: job.error,
    links: { self: `${JOB_EVENT_PATHS[subject]}/${record.id}`, job: `/jobs/${job.id}` },
    ...record.extra,
  };
  return { type, data };
}

export async function emitJobEvent(tx: Tx, subject: JobEventSubject, job: EndedJob, record: JobRecord) {
  const { type, data } = jobEventOf(subject, job, record);
  return emitEvent(tx, job.uid, type, data);
}
