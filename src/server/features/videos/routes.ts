/**
 * Agent videos. Making one is a `video` job: POST answers 202 with the queued record (credits reserved, 402 when
 * short), the page polls GET /videos/:id for the pipeline's stage and progress until it has finished. The user's
 * own images for "uploaded" visuals arrive first, one per POST /videos/uploads.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { createVideoRequestSchema, VIDEO_UPLOAD, type CreateVideoRequest, type UploadedImage, type VideoPage, type VideoRecord } from '../../../contract/video.ts';
import { findVoice, isVoiceAvailable, unavailableVoiceMessage, type ConfiguredEngines } from '../../../contract/voices.ts';
import { bodyChunks, limitBytes } from '../../http/body.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { routeBodyLimit } from '../../http/middleware.ts';
import { jsonBody, parse, query } from '../../http/validate.ts';
import type { JobRow } from '../../jobs/registry.ts';
import { deleteOwnedFiles, fileLinker } from '../../storage/links.ts';
import { HistoryQuery } from '../../db/paging.ts';
import { IMAGE_FORM_LIMIT, uploadImage } from './uploads.ts';
import { VIDEO_JOB, type VideoJobPayload } from './job.ts';
import { attachRetryJob, deleteVideo, findVideo, getVideo, insertVideoRow, listVideos, ownedFiles } from './store.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../../http/context.ts';

const IdempotencyKey = z.string().trim().min(8).max(200).optional();

const invalid = (field: string, message: string) => new HttpError(400, 'Invalid input', { [field]: message });

/** Thrown inside the accept transaction when another retry won the race; rolls back this one's reservation. */
class RetryRaced extends Error {}

export function videoRoutes(deps: ApiDeps) {
  const { database, storage, queue, config } = deps;
  const configured = (): ConfiguredEngines => ({ openai: Boolean(config.providers.openaiApiKey), elevenlabs: Boolean(config.providers.elevenlabsApiKey) });
  const linker = (url: string) => fileLinker(config, new URL(url).origin);

  /** What the schema cannot know: whether this server has the voice's engine and the images are the user's. */
  async function checkRequest(uid: string, request: CreateVideoRequest): Promise<void> {
    const voice = findVoice(request.voiceId)!;
    if (!isVoiceAvailable(voice, configured())) throw invalid('voiceId', unavailableVoiceMessage(voice));
    if (request.visuals !== 'uploaded') return;
    const owned = await ownedFiles(database.db, uid, request.imageFileIds);
    const missing = request.imageFileIds.findIndex((id) => !(VIDEO_UPLOAD.types as readonly string[]).includes(owned.get(id)?.contentType ?? ''));
    if (missing >= 0) throw invalid('imageFileIds', `Image ${missing + 1} is no longer available. Remove it and upload it again.`);
  }

  const record = async (uid: string, id: string, url: string): Promise<VideoRecord> => {
    const found = await getVideo(database, uid, id, linker(url));
    if (!found) throw notFound('Video not found');
    return found;
  };

  return new Hono<AppEnv>()
    .post('/videos/uploads', routeBodyLimit(IMAGE_FORM_LIMIT), async (c) => {
      const body = limitBytes(bodyChunks(c.req.raw), IMAGE_FORM_LIMIT);
      const { row, header } = await uploadImage(deps, c.get('uid'), c.req.header('content-type'), body);
      const contentType = row.contentType as UploadedImage['contentType'];
      const answer: UploadedImage = { fileId: row.id, name: row.name, contentType, size: row.size, width: header.width, height: header.height, url: linker(c.req.url)(row.id) };
      return c.json(answer, 201);
    })
    .post('/videos', async (c) => {
      const request = await jsonBody(c, createVideoRequestSchema);
      const uid = c.get('uid');
      await checkRequest(uid, request);
      const key = IdempotencyKey.safeParse(c.req.header('idempotency-key'));
      const id = randomUUID();
      const payload: VideoJobPayload = { videoId: id, request };
      const { job, created } = await queue.enqueue({
        uid,
        kind: VIDEO_JOB,
        payload,
        ...(key.success && key.data ? { idempotencyKey: `video:${key.data}` } : {}),
        inTx: (tx, job) => insertVideoRow(tx, { id, uid, jobId: job.id, request, cost: job.cost }),
      });
      // A repeated submission (same key) answers with the video the first one made, charged once.
      const videoId = created ? id : (job.payload as VideoJobPayload).videoId;
      return c.json((await record(uid, videoId, c.req.url)) satisfies VideoRecord, created ? 202 : 200);
    })
    .get('/videos', async (c) => {
      const q = query(c, HistoryQuery);
      return c.json((await listVideos(database, c.get('uid'), q.limit, q.cursor, linker(c.req.url))) satisfies VideoPage);
    })
    .get('/videos/:id', async (c) => c.json((await record(c.get('uid'), c.req.param('id'), c.req.url)) satisfies VideoRecord))
    .post('/videos/:id/cancel', async (c) => {
      const uid = c.get('uid');
      const id = c.req.param('id');
      const current = await findVideo(database.db, uid, id);
      if (!current) throw notFound('Video not found');
      const result = current.jobId ? await queue.cancel(uid, current.jobId) : ({ ok: false, reason: 'conflict' } as const);
      if (!result.ok) throw new HttpError(409, 'This video has already finished.');
      return c.json((await record(uid, id, c.req.url)) satisfies VideoRecord);
    })
    .post('/videos/:id/retry', async (c) => {
      const uid = c.get('uid');
      const id = c.req.param('id');
      const current = await findVideo(database.db, uid, id);
      if (!current) throw notFound('Video not found');
      const { status } = await record(uid, id, c.req.url);
      if (status !== 'failed' && status !== 'cancelled') throw new HttpError(409, 'Only a failed or cancelled video can be made again.');
      // Today's rules, not those of the day it was first accepted: a script they now refuse is not charged again.
      const request = parse(createVideoRequestSchema, current.request);
      await checkRequest(uid, request);
      try {
        // A new job and a new reservation: the failed or cancelled run already gave its credits back.
        await queue.enqueue({
          uid,
          kind: VIDEO_JOB,
          payload: { videoId: id, request } satisfies VideoJobPayload,
          inTx: async (tx, job: JobRow) => {
            if (!(await attachRetryJob(tx, uid, id, current.jobId, job))) throw new RetryRaced();
          },
        });
      } catch (error) {
        if (error instanceof RetryRaced) throw new HttpError(409, 'This video is already being made again.');
        throw error;
      }
      return c.json((await record(uid, id, c.req.url)) satisfies VideoRecord, 202);
    })
    .delete('/videos/:id', async (c) => {
      const uid = c.get('uid');
      const id = c.req.param('id');
      const current = await findVideo(database.db, uid, id);
      if (!current) throw notFound('Video not found');
      // Stop a running render first (its credits return), so it cannot store files after they were removed.
      if (current.jobId) await queue.cancel(uid, current.jobId);
      const deleted = await deleteVideo(database.db, uid, id);
      if (deleted) await deleteOwnedFiles(database, storage, uid, deleted.fileIds);
      return c.body(null, 204);
    });
}
