import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { CreateJobBody, isFinished, JOB_EVENT, type Job, JobListQuery, type JobPage } from '~/contract/api.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { jsonBody, parse, query } from '~/server/http/validate.ts';
import { toJob } from '~/server/jobs/lifecycle.ts';
import type { JobActionResult } from '~/server/jobs/queue.ts';

/** How often an event stream re-reads the job; a change is sent at most this late. */
const EVENT_POLL_MS = 500;

const FEATURE_OWNED = 'This job belongs to a video, speech or image generation; try it again from that page.';

const actionResult = (result: JobActionResult, conflict: string): Job => {
  if (result.ok) return toJob(result.job);
  if (result.reason === 'not-found') throw notFound('Job not found');
  throw new HttpError(409, result.reason === 'feature-owned' ? FEATURE_OWNED : conflict);
};

export function jobRoutes({ queue, idempotency }: ApiDeps) {
  return (
    new Hono<AppEnv>()
      .post('/jobs', idempotent(idempotency, { bodyField: 'idempotencyKey' }), async (c) => {
        const body = await jsonBody(c, CreateJobBody);
        const spec = queue.jobs.get(body.kind);
        if (!spec || spec.public === false) throw new HttpError(400, 'Invalid input', { kind: 'Unknown job kind' });
        const payload = parse(spec.payload, body.payload);
        const idempotencyKey = c.get('idempotencyKey');
        const { job, created } = await queue.enqueue({
          uid: c.get('uid'),
          kind: body.kind,
          payload,
          ...(idempotencyKey ? { idempotencyKey } : {}),
        });
        return c.json(toJob(job), created ? 201 : 200);
      })
      .get('/jobs', async (c) => {
        const q = query(c, JobListQuery);
        const page = await queue.list(c.get('uid'), q.limit, q.cursor);
        return c.json({ jobs: page.jobs.map(toJob), nextCursor: page.nextCursor } satisfies JobPage);
      })
      .get('/jobs/:id', async (c) => {
        const row = await queue.get(c.get('uid'), c.req.param('id'));
        if (!row) throw notFound('Job not found');
        return c.json(toJob(row));
      })
      .post('/jobs/:id/cancel', async (c) =>
        c.json(actionResult(await queue.cancel(c.get('uid'), c.req.param('id')), 'The job has already finished')),
      )
      .post('/jobs/:id/retry', async (c) =>
        c.json(
          actionResult(
            await queue.retry(c.get('uid'), c.req.param('id')),
            'Only failed or cancelled jobs can be retried',
          ),
          201,
        ),
      )
      /**
       * Server-sent events: a `job` event with the Job JSON on every change, then the stream ends once the job has
       * finished. EventSource cannot send headers, so read it with fetch() and the Authorization header.
       */
      .get('/jobs/:id/events', async (c) => {
        const uid = c.get('uid');
        const id = c.req.param('id');
        if (!(await queue.get(uid, id))) throw notFound('Job not found');
        return streamSSE(c, async (stream) => {
          let last = '';
          while (!stream.aborted) {
            const row = await queue.get(uid, id);
            if (!row) return;
            const job = toJob(row);
            const data = JSON.stringify(job);
            if (data !== last) {
              last = data;
              await stream.writeSSE({ event: JOB_EVENT, data, id: job.updatedAt });
            }
            if (isFinished(job.status)) return;
            await stream.sleep(EVENT_POLL_MS);
          }
        });
      })
  );
}
