/** Batches: one video per row of a sheet (CSV, JSONL, or rows inline). */
import { SignedUrl } from '../api.ts';
import { batchPageSchema, batchRecordSchema, createBatchRequestSchema } from '../batches.ts';
import { HistoryQuery } from '../paging.ts';
import { DEFAULT_VOICE_ID } from '../voices.ts';
import { type Endpoint, ID, OTHER_ID } from './types.ts';

const byId = { params: { id: ID } };
const CREATED = '2026-11-26T12:00:00.000Z';
const summary = {
  id: ID,
  name: 'Product spots',
  status: 'running',
  counts: { total: 2, queued: 1, active: 1, succeeded: 0, failed: 0, cancelled: 0 },
  credits: 20,
  createdAt: CREATED,
  completedAt: null,
};
const record = { ...summary, rows: [{ row: 1, title: 'Meet the Widget, now $9.', error: null, video: null }] };

const TAG = 'Batches';

export const batchEndpoints: Endpoint[] = [
  {
    method: 'post',
    path: '/batches',
    charges: true,
    tag: TAG,
    summary: 'Make one video per row of a sheet',
    description:
      'Rows inline, or the `fileId` of a CSV or JSONL sheet uploaded with `POST /files/upload` (at most 10 MB and ' +
      '100 rows). Each row is a video: a `script` column, or a `template` whose `{{column}}` placeholders each row ' +
      'fills; optional `title`, `voice`, `aspect`, `captions`, `music` and `visual order` columns override ' +
      '`settings`, and a `preset` column (a preset id from `GET /presets`) stands in for them on that row. The ' +
      'batch-wide `preset` stands in for `settings` (send one of the two; an unknown one is a 400 on `preset`). ' +
      'Nothing starts unless every row is sound (400 naming each problem as `rows[3].voice`, or ' +
      '`sheet.price` for a placeholder whose column is missing) and the balance covers the whole batch (402). Each ' +
      'row then runs as an ordinary video with its own credits held; `batch.completed` is sent when every row has ended.',
    body: createBatchRequestSchema,
    answer: batchRecordSchema,
    idempotent: true,
    status: 202,
    example: {
      body: {
        name: 'Product spots',
        template: 'Meet {{product}}, now {{price}}.',
        settings: { voiceId: DEFAULT_VOICE_ID, aspect: '9:16', resolution: '720p', captions: 'word' },
        rows: [
          { product: 'the Widget', price: '$9' },
          { product: 'the Gadget', price: '$12', voice: DEFAULT_VOICE_ID },
        ],
      },
    },
    answerExample: record,
  },
  {
    method: 'get',
    path: '/batches',
    tag: TAG,
    summary: 'List batches',
    description: "Newest first, with each batch's rows counted by state.",
    query: HistoryQuery,
    answer: batchPageSchema,
    paged: true,
    status: 200,
    answerExample: { items: [summary], nextCursor: null },
  },
  {
    method: 'get',
    path: '/batches/:id',
    tag: TAG,
    summary: 'A batch with every row and its video',
    description: "Each row's video is the record `GET /videos/{id}` shows. Another account's batch answers 404.",
    answer: batchRecordSchema,
    status: 200,
    example: byId,
    answerExample: record,
  },
  {
    method: 'post',
    path: '/batches/:id/cancel',
    tag: TAG,
    summary: 'Cancel the rows not yet made',
    description: 'Their held credits return; finished rows stay.',
    answer: batchRecordSchema,
    status: 200,
    example: byId,
    answerExample: {
      ...record,
      status: 'completed',
      counts: { ...summary.counts, queued: 0, active: 0, cancelled: 2 },
    },
  },
  {
    method: 'post',
    path: '/batches/:id/retry',
    charges: true,
    tag: TAG,
    summary: 'Make the failed rows again',
    description:
      "Each failed row's video is made again with its credits held (402 before anything when short; 409 when no row failed).",
    answer: batchRecordSchema,
    errors: { 409: 'No row of this batch has failed' },
    status: 202,
    example: { params: { id: OTHER_ID } },
    answerExample: record,
  },
  {
    method: 'get',
    path: '/batches/:id/zip',
    tag: TAG,
    summary: 'The finished videos as one ZIP',
    description:
      'Streamed as it is read, one MP4 per finished row named by its row and title ("003 Meet the Widget.mp4"); 409 ' +
      'while none is finished. With the token, or with no token through a signed link from ' +
      '`GET /batches/{id}/zip/url` (its `exp` and `sig`), so a browser can download it as a plain link; an expired ' +
      'or altered link is a 404.',
    signedLink: true,
    answerType: 'application/zip',
    errors: { 409: 'No video of this batch is ready yet' },
    status: 200,
    example: byId,
  },
  {
    method: 'get',
    path: '/batches/:id/zip/url',
    tag: TAG,
    summary: 'A short-lived signed link to the ZIP',
    description:
      'A link to `GET /batches/{id}/zip` that works with no token for an hour, for a browser download that streams ' +
      'to disk; 409 while no video is finished.',
    answer: SignedUrl,
    errors: { 409: 'No video of this batch is ready yet' },
    status: 200,
    example: byId,
    answerExample: {
      url: `https://api.example.com/batches/${ID}/zip?exp=1790000000&sig=abc`,
      expiresAt: '2026-11-26T12:00:00.000Z',
    },
  },
];
