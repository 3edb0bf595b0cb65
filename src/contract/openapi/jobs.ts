/** The job framework: every video, speech, image and watermark job is a job here too. */
import { CreateJobBody, Job, JobListQuery, JobPage } from '../api.ts';
import { type Endpoint, ID } from './types.ts';

const byId = { params: { id: ID } };

export const jobEndpoints: Endpoint[] = [
  {
    method: 'post',
    path: '/jobs',
    charges: true,
    tag: 'Jobs',
    summary: 'Queue a job of a kind this server opens to it',
    description:
      'Credits are held at once (402 when short). Videos, speech, images and watermark removals are made through ' +
      'their own endpoints; this one takes only the kinds a server opens to it. The key may also travel in the ' +
      'body as `idempotencyKey`.',
    body: CreateJobBody,
    answer: Job,
    idempotent: true,
    status: 201,
    example: { body: { kind: 'example', payload: { text: 'Hello' } } },
  },
  {
    method: 'get',
    path: '/jobs',
    tag: 'Jobs',
    summary: 'Your jobs, newest first',
    query: JobListQuery,
    answer: JobPage,
    paged: true,
    status: 200,
    example: { query: { limit: '20' } },
  },
  { method: 'get', path: '/jobs/:id', tag: 'Jobs', summary: 'One job', answer: Job, status: 200, example: byId },
  {
    method: 'post',
    path: '/jobs/:id/cancel',
    tag: 'Jobs',
    summary: 'Cancel a job that has not finished',
    description: 'Held credits come back. 409 when it has already finished.',
    answer: Job,
    status: 200,
    errors: { 409: 'The job has already finished, or its feature cancels it (cancel it there)' },
    example: byId,
  },
  {
    method: 'post',
    path: '/jobs/:id/retry',
    charges: true,
    tag: 'Jobs',
    summary: 'Run a failed or cancelled job again',
    answer: Job,
    status: 201,
    errors: { 409: 'Only a failed or cancelled job can be tried again, or its feature retries it' },
    example: byId,
  },
  {
    method: 'get',
    path: '/jobs/:id/events',
    tag: 'Jobs',
    summary: 'Follow a job as server-sent events',
    description:
      'A `job` event with the Job JSON on every change; the stream ends once the job has finished. Read it with ' +
      'fetch() and the Authorization header (EventSource cannot send headers).',
    answerType: 'text/event-stream',
    status: 200,
    example: byId,
  },
];
