/**
 * The rules of a video's life, behind the routes: what may be accepted (beyond the schema), how it is queued with
 * its credits held, and when it may be cancelled, made again or deleted.
 */
import { randomUUID } from 'node:crypto';
import { appliedBrand, type BrandSnapshot, cardSeconds } from '~/contract/brand.ts';
import { type RenderAvailability, toolsMissingMessage } from '~/contract/system-tools.ts';
import {
  type CreateVideoRequest,
  createVideoRequestSchema,
  MUSIC_UPLOAD,
  scriptLengthError,
  VIDEO_UPLOAD,
  type VideoRecord,
} from '~/contract/video.ts';
import { isVoiceAvailable, UNKNOWN_VOICE_MESSAGE, unavailableVoiceMessage } from '~/contract/voices.ts';
import type { ServerConfig } from '~/server/config/index.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { parse } from '~/server/http/validate.ts';
import type { JobRow } from '~/server/jobs/registry.ts';
import { toolsReadiness } from '~/server/jobs/workers.ts';
import { storedPictureProblem } from '~/server/media/upload.ts';
import { voiceCatalogue } from '~/server/providers/tts/catalogue.ts';
import { availableEngines } from '~/server/providers/tts/index.ts';
import { storageKey } from '~/server/storage/index.ts';
import { deleteOwnedFiles, type FileLinker } from '~/server/storage/links.ts';
import { VIDEO_JOB, VIDEO_NEEDS, type VideoJobPayload } from './job.ts';
import { attachRetryJob, deleteVideo, findVideo, getVideo, getVideos, insertVideoRow, ownedFiles } from './store.ts';

const invalid = (field: string, message: string) => new HttpError(400, 'Invalid input', { [field]: message });

/**
 * The account's brand kit as a new video would take it (api/app.ts hands in the brand feature's): null when the
 * account has none.
 */
export type BrandKitSource = (uid: string) => Promise<{ applyByDefault: boolean; snapshot: BrandSnapshot } | null>;

/** Thrown inside the accept transaction when another retry won the race; rolls back this one's reservation. */
class RetryRaced extends Error {}

/** Why this server cannot narrate with a voice (not in the catalogue, or its engine missing), or null. */
function voiceProblemIn(catalogue: ReturnType<typeof voiceCatalogue>, providers: ServerConfig['providers']) {
  return async (voiceId: string): Promise<string | null> => {
    const voice = await catalogue.find(voiceId);
    if (!voice) return UNKNOWN_VOICE_MESSAGE;
    return isVoiceAvailable(voice, availableEngines(providers)) ? null : unavailableVoiceMessage(voice);
  };
}

export function videoService(
  { database, storage, queue, config }: Pick<ApiDeps, 'database' | 'storage' | 'queue' | 'config'>,
  brandKit: BrandKitSource,
) {
  const catalogue = voiceCatalogue(config.providers);
  const voiceProblem = voiceProblemIn(catalogue, config.providers);

  /**
   * What the schema cannot know: whether this server has the voice's engine and the images, clips and music
   * are the user's. Answers the uploaded music's name, kept for the video page.
   */
  async function checkRequest(
    uid: string,
    request: CreateVideoRequest,
    brand: BrandSnapshot | null,
  ): Promise<{ musicName: string | null }> {
    // The cards share the 5 minutes with the narration.
    const tooLong = brand ? scriptLengthError(request.script, cardSeconds(brand)) : null;
    if (tooLong) throw invalid('script', tooLong);
    const voice = await voiceProblem(request.voiceId);
    if (voice) throw invalid('voiceId', voice);
    let musicName: string | null = null;
    const musicId = request.music.fileId;
    if (musicId) {
      const music = (await ownedFiles(database.db, uid, [musicId])).get(musicId);
      if (!music || !(MUSIC_UPLOAD.types as readonly string[]).includes(music.contentType))
        throw invalid('music.fileId', 'Your music file is no longer available. Upload it again.');
      musicName = music.name;
    }
    if (request.visuals !== 'uploaded') return { musicName };
    const owned = await ownedFiles(database.db, uid, request.imageFileIds);
    const usable: readonly string[] = [...VIDEO_UPLOAD.types, ...VIDEO_UPLOAD.clipTypes];
    const missing = request.imageFileIds.findIndex((id) => !usable.includes(owned.get(id)?.contentType ?? ''));
    if (missing >= 0)
      throw invalid('imageFileIds', `Image ${missing + 1} is no longer available. Remove it and upload it again.`);
    // The decoded-size rule of POST /videos/uploads, for a file stored through another route too.
    for (const [i, id] of request.imageFileIds.entries()) {
      const problem = await storedPictureProblem(storage, storageKey(uid, id));
      if (problem) throw invalid('imageFileIds', `Image ${i + 1} cannot be used. ${problem}`);
    }
    return { musicName };
  }

  const existing = async (uid: string, id: string) => {
    const found = await findVideo(database.db, uid, id);
    if (!found) throw notFound('Video not found');
    return found;
  };

  const record = async (uid: string, id: string, link: FileLinker): Promise<VideoRecord> => {
    const found = await getVideo(database, uid, id, link);
    if (!found) throw notFound('Video not found');
    return found;
  };

  return {
    record,
    voiceProblem,
    /** Several videos at once (a batch's rows), by id. */
    records: (uid: string, ids: readonly string[], link: FileLinker) => getVideos(database, uid, ids, link),

    /** For a request that names no voice: the one the create form starts on (contract/voices.ts `defaultVoiceId`). */
    defaultVoiceId: async () => (await catalogue.list()).defaultVoiceId,
    /** Whether this server can make videos now (the rule is jobs/workers.ts'), and if not the sentence to show. */
    async availability(): Promise<RenderAvailability> {
      const { missing } = await toolsReadiness(database.db, VIDEO_NEEDS.tools);
      return {
        ready: missing.length === 0,
        message: missing.length > 0 ? toolsMissingMessage(VIDEO_NEEDS.doing, missing) : null,
        missing,
      };
    },

    /** Queues the video with its credits held (402 when short). A repeated idempotency key answers with the video the first request made, charged once. */
    async create(
      uid: string,
      asked: CreateVideoRequest,
      idempotencyKey: string | undefined,
    ): Promise<{ videoId: string; created: boolean }> {
      // A snapshot: editing the kit later does not change a video already accepted. The job carries the snapshot,
      // not the switch, so a retry (whose request is rebuilt from the row) renders the same video.
      const { brandKit: wanted, ...request } = asked;
      const brand = appliedBrand(await brandKit(uid), wanted);
      const { musicName } = await checkRequest(uid, request, brand);
      const id = randomUUID();
      const { job, created } = await queue.enqueue({
        uid,
        kind: VIDEO_JOB,
        payload: { videoId: id, request, brand } satisfies VideoJobPayload,
        ...(idempotencyKey ? { idempotencyKey: `video:${idempotencyKey}` } : {}),
        inTx: (tx, job) => insertVideoRow(tx, { id, uid, jobId: job.id, request, brand, cost: job.cost, musicName }),
      });
      return { videoId: created ? id : (job.payload as VideoJobPayload).videoId, created };
    },

    async cancel(uid: string, id: string): Promise<void> {
      const current = await existing(uid, id);
      const result = current.jobId
        ? await queue.cancel(uid, current.jobId)
        : ({ ok: false, reason: 'conflict' } as const);
      if (!result.ok) throw new HttpError(409, 'This video has already finished.');
    },

    /** A failed or cancelled video made again under today's rules, with a new job and a new reservation. */
    async retry(uid: string, id: string): Promise<void> {
      const current = await existing(uid, id);
      const { status } = await record(uid, id, () => '');
      if (status !== 'failed' && status !== 'cancelled')
        throw new HttpError(409, 'Only a failed or cancelled video can be made again.');
      // Today's rules, not those of the day it was first accepted: a script they now refuse is not charged again.
      const request = parse(createVideoRequestSchema, current.request);
      // It keeps the brand kit it was accepted with.
      const brand = current.brand;
      await checkRequest(uid, request, brand);
      try {
        // The failed or cancelled run already gave its credits back.
        await queue.enqueue({
          uid,
          kind: VIDEO_JOB,
          // A storyboard's video is made again from the scenes it was rendered with.
          payload: {
            videoId: id,
            request,
            brand,
            ...(current.storyboard ? { storyboardId: current.storyboard.id, scenes: current.storyboard.scenes } : {}),
          } satisfies VideoJobPayload,
          inTx: async (tx, job: JobRow) => {
            if (!(await attachRetryJob(tx, uid, id, current.jobId, job))) throw new RetryRaced();
          },
        });
      } catch (error) {
        if (error instanceof RetryRaced) throw new HttpError(409, 'This video is already being made again.');
        throw error;
      }
    },

    async remove(uid: string, id: string): Promise<void> {
      const current = await existing(uid, id);
      // Stop a running render first (its credits return), so it cannot store files after they were removed.
      if (current.jobId) await queue.cancel(uid, current.jobId);
      const deleted = await deleteVideo(database.db, uid, id);
      if (deleted) await deleteOwnedFiles(database, storage, uid, deleted.fileIds);
    },
  };
}
