/**
 * Agent videos in the `videos` table. The row is written when the request is accepted (same transaction as the job
 * and its credit reservation) and completed or failed by the `video` job's onSuccess/onFailure. While the job
 * runs, status, stage and progress come from the job row, which the pipeline's onProgress keeps current.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { appliedBrand, type BrandSnapshot, cardSeconds } from '~/contract/brand.ts';
import { isUuid } from '~/contract/ids.ts';
import { DEFAULT_MUSIC_TRACK } from '~/contract/music.ts';
import { type StoryboardScene, storyboardCost, storyboardScript } from '~/contract/storyboard.ts';
import {
  type CreateVideoRequest,
  DEFAULT_CAPTION_OPTIONS,
  estimateDurationSeconds,
  type ScenePicture,
  type StockCredit,
  VIDEO_LIMITS,
  type VideoRecord,
  type VideoStatus,
  videoDimensions,
  videoTitle,
} from '~/contract/video.ts';
import { findVoice, parseLiveVoiceId } from '~/contract/voices.ts';
import type { Database, Db, Tx } from '~/server/db/index.ts';
import { cutPage, pageQuery } from '~/server/db/paging.ts';
import { files } from '~/server/db/schema/files.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { type VideoOptions, videos } from '~/server/db/schema/media.ts';
import type { JobRow } from '~/server/jobs/registry.ts';
import { type FileLinker, fileLinks } from '~/server/storage/links.ts';
import { listDrafts, type StoryboardRow } from './storyboard/store.ts';

type JobFacts = Pick<JobRow, 'status' | 'stage' | 'progress' | 'error' | 'errorKind' | 'finishedAt'>;
type Row = { video: typeof videos.$inferSelect; job: JobFacts | null };

const selection = {
  video: videos,
  job: {
    status: jobs.status,
    stage: jobs.stage,
    progress: jobs.progress,
    error: jobs.error,
    errorKind: jobs.errorKind,
    finishedAt: jobs.finishedAt,
  },
};

const FINAL: ReadonlySet<string> = new Set(['succeeded', 'failed', 'cancelled']);
const GENERIC_FAILURE = 'Something went wrong while making your video. Your credits were returned; please try again.';

/**
 * The row's own final status wins (it is written with the job's outcome). Before that the job speaks; a job that
 * has succeeded while the row is not yet complete is still finishing. A row whose job vanished cannot finish.
 */
export function videoStatus(own: string, job: Pick<JobFacts, 'status'> | null): VideoStatus {
  if (FINAL.has(own)) return own as VideoStatus;
  if (!job) return 'failed';
  return job.status === 'succeeded' ? 'active' : job.status;
}

async function toRecords(database: Database, rows: Row[], link: FileLinker): Promise<VideoRecord[]> {
  const file = await fileLinks(
    database,
    rows.flatMap(({ video }) => [
      video.videoFileId,
      video.thumbnailFileId,
      video.subtitlesFileId,
      video.captionsVttFileId,
    ]),
    link,
  );
  return rows.map(({ video, job }) => {
    const { options } = video;
    const status = videoStatus(video.status, job);
    const aspect = video.aspect as VideoRecord['aspect'];
    const resolution = video.resolution as VideoRecord['resolution'];
    const size = videoDimensions(aspect, resolution);
    const voice = findVoice(video.voice ?? '');
    return {
      id: video.id,
      storyboardId: video.storyboardId,
      title: video.title ?? videoTitle(video.script),
      script: video.script,
      status,
      stage: status === 'succeeded' ? null : (job?.stage ?? video.stage),
      progress: status === 'succeeded' ? 1 : (job?.progress ?? video.progress),
      voiceId: video.voice ?? '',
      // A live voice is named by its provider's own voice name (the list is not read just to show a record).
      voiceName: voice?.name ?? parseLiveVoiceId(video.voice ?? '')?.engineVoice ?? 'Unknown voice',
      voiceLanguage: voice?.languageName ?? '',
      aspect,
      resolution,
      width: options.width ?? size.width,
      height: options.height ?? size.height,
      captions: options.captions,
      captionOptions: options.captionOptions ?? DEFAULT_CAPTION_OPTIONS,
      visuals: options.visuals,
      visualOrder: options.visualOrder ?? 'designed',
      stockCredits: status === 'succeeded' ? (options.stockCredits ?? []) : [],
      pictures: status === 'succeeded' ? (options.pictures ?? []) : [],
      imageCount: options.imageFileIds.length,
      music: recordMusic(options.music),
      durationSec: video.durationMs === null ? null : video.durationMs / 1000,
      brandKit: Boolean(options.brand),
      estimatedSec: estimateDurationSeconds(video.script) + cardSeconds(options.brand),
      cost: video.cost,
      creditsCharged: status === 'succeeded' ? video.cost : 0,
      error: status === 'failed' ? (video.error ?? job?.error ?? GENERIC_FAILURE) : null,
      setupFailure: status === 'failed' && job?.errorKind === 'setup',
      video: status === 'succeeded' ? file(video.videoFileId) : null,
      thumbnail: file(video.thumbnailFileId),
      subtitles: status === 'succeeded' ? file(video.subtitlesFileId) : null,
      captionsVtt: status === 'succeeded' ? file(video.captionsVttFileId) : null,
      createdAt: video.createdAt.toISOString(),
      finishedAt: FINAL.has(status) ? (job?.finishedAt ?? video.updatedAt).toISOString() : null,
    };
  });
}

function recordMusic({ fileId, fileName, ...music }: VideoOptions['music']): VideoRecord['music'] {
  return { track: DEFAULT_MUSIC_TRACK, ...music, upload: fileId ? { fileId, name: fileName ?? null } : null };
}

export interface NewVideo {
  id: string;
  uid: string;
  jobId: string;
  request: CreateVideoRequest;
  brand: BrandSnapshot | null;
  cost: number;
  /** The name the user's own music track was uploaded with, for the video page. */
  musicName?: string | null;
  storyboard?: { id: string; scenes: StoryboardScene[] };
}

export async function insertVideoRow(tx: Tx, row: NewVideo): Promise<void> {
  const { request } = row;
  await tx.insert(videos).values({
    id: row.id,
    uid: row.uid,
    jobId: row.jobId,
    storyboardId: row.storyboard?.id ?? null,
    status: 'queued',
    title: videoTitle(request.script),
    script: request.script,
    voice: request.voiceId,
    aspect: request.aspect,
    resolution: request.resolution,
    options: {
      captions: request.captions,
      captionOptions: request.captionOptions,
      visuals: request.visuals,
      visualOrder: request.visualOrder,
      imageFileIds: request.visuals === 'uploaded' ? request.imageFileIds : [],
      clipAudio: request.clipAudio,
      music: request.music.fileId ? { ...request.music, fileName: row.musicName ?? null } : request.music,
      ...(row.storyboard ? { scenes: row.storyboard.scenes } : {}),
      ...(row.brand ? { brand: row.brand } : {}),
    },
    cost: row.cost,
    // Millisecond precision, so the (created_at, id) page cursor round-trips exactly through a JS Date.
    createdAt: new Date(),
  });
}

export async function getVideo(
  database: Database,
  uid: string,
  id: string,
  link: FileLinker,
): Promise<VideoRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await database.db
    .select(selection)
    .from(videos)
    .leftJoin(jobs, eq(videos.jobId, jobs.id))
    .where(and(eq(videos.id, id), eq(videos.uid, uid)));
  return (await toRecords(database, rows, link))[0];
}

/** Several of the user's videos at once (a batch's rows), by id; ids not theirs are left out. */
export async function getVideos(
  database: Database,
  uid: string,
  ids: readonly string[],
  link: FileLinker,
): Promise<Map<string, VideoRecord>> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await database.db
    .select(selection)
    .from(videos)
    .leftJoin(jobs, eq(videos.jobId, jobs.id))
    .where(and(inArray(videos.id, wanted), eq(videos.uid, uid)));
  return new Map((await toRecords(database, rows, link)).map((record) => [record.id, record]));
}

/** The user's brand kit as the history needs it to price drafts: null without one. */
export type DraftBrandKit = Parameters<typeof appliedBrand>[0];

/** A storyboard never rendered, as the history lists it beside the videos, priced with the kit it would render with now. */
export function draftRecord(row: StoryboardRow, kit: DraftBrandKit): VideoRecord {
  const { settings, scenes } = row;
  const script = storyboardScript(scenes);
  const brand = appliedBrand(kit, settings.brandKit);
  const cards = cardSeconds(brand);
  const size = videoDimensions(settings.aspect, settings.resolution);
  const voice = findVoice(settings.voiceId);
  return {
    id: row.id,
    storyboardId: row.id,
    title: videoTitle(script),
    script,
    status: 'draft',
    stage: null,
    progress: 0,
    voiceId: settings.voiceId,
    voiceName: voice?.name ?? parseLiveVoiceId(settings.voiceId)?.engineVoice ?? 'Unknown voice',
    voiceLanguage: voice?.languageName ?? '',
    aspect: settings.aspect,
    resolution: settings.resolution,
    ...size,
    captions: settings.captions,
    captionOptions: settings.captionOptions,
    visuals: 'generated',
    visualOrder: settings.visualOrder,
    stockCredits: [],
    pictures: [],
    imageCount: 0,
    music: recordMusic(settings.music),
    // What a render would take now; the kit is settled (copied into the job) when the render is asked for.
    brandKit: brand !== null,
    durationSec: null,
    estimatedSec: estimateDurationSeconds(script) + cards,
    cost: storyboardCost(scenes, settings.resolution, cards),
    creditsCharged: 0,
    error: null,
    setupFailure: false,
    video: null,
    thumbnail: null,
    subtitles: null,
    captionsVtt: null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: null,
  };
}

/** The history: videos and never-rendered drafts, newest first, one keyset over both. */
export async function listVideos(
  database: Database,
  uid: string,
  page: { limit: number; cursor?: string | undefined },
  link: FileLinker,
  kit: DraftBrandKit,
) {
  const { limit, cursor } = page;
  const [rows, drafts] = await Promise.all([
    pageQuery(
      database.db.select(selection).from(videos).leftJoin(jobs, eq(videos.jobId, jobs.id)).$dynamic(),
      videos,
      uid,
      page,
    ),
    listDrafts(database.db, uid, limit, cursor),
  ]);
  type Entry = { createdAt: Date; id: string } & ({ row: Row } | { draft: StoryboardRow });
  const merged: Entry[] = [
    ...rows.map((row) => ({ row, createdAt: row.video.createdAt, id: row.video.id })),
    ...drafts.map((draft) => ({ draft, createdAt: draft.createdAt, id: draft.id })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const cut = cutPage(merged, limit);
  const records = await toRecords(
    database,
    cut.rows.flatMap((e) => ('row' in e ? [e.row] : [])),
    link,
  );
  const byId = new Map(records.map((r) => [r.id, r]));
  const items = cut.rows.map((e) => ('row' in e ? byId.get(e.id)! : draftRecord(e.draft, kit)));
  return { items, nextCursor: cut.nextCursor };
}

/** The row as the action routes need it: its job, and the request to run again. */
export async function findVideo(
  db: Db,
  uid: string,
  id: string,
): Promise<
  | {
      jobId: string | null;
      request: CreateVideoRequest;
      brand: BrandSnapshot | null;
      status: string;
      storyboard: { id: string; scenes: StoryboardScene[] } | undefined;
    }
  | undefined
> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.uid, uid)));
  if (!row) return undefined;
  const { options } = row;
  return {
    jobId: row.jobId,
    status: row.status,
    storyboard: row.storyboardId && options.scenes ? { id: row.storyboardId, scenes: options.scenes } : undefined,
    brand: options.brand ?? null,
    request: {
      script: row.script,
      voiceId: row.voice ?? '',
      aspect: row.aspect as CreateVideoRequest['aspect'],
      resolution: row.resolution as CreateVideoRequest['resolution'],
      captions: options.captions,
      captionOptions: options.captionOptions ?? DEFAULT_CAPTION_OPTIONS,
      visuals: options.visuals,
      visualOrder: options.visualOrder ?? 'designed',
      imageFileIds: options.imageFileIds,
      clipAudio: options.clipAudio ?? 'mute',
      music: {
        track: DEFAULT_MUSIC_TRACK,
        ...(options.music ?? { enabled: false, volume: VIDEO_LIMITS.defaultMusicVolume }),
      },
    },
  };
}

/**
 * Points the video at its new job, only if it still has the job the caller saw: of two retries at once, one
 * wins and the other's transaction (with its credit reservation) rolls back.
 */
export async function attachRetryJob(
  tx: Tx,
  uid: string,
  id: string,
  previousJobId: string | null,
  job: Pick<JobRow, 'id' | 'cost'>,
): Promise<boolean> {
  const rows = await tx
    .update(videos)
    // The new job's hold, priced by today's estimate, is what the video now shows.
    .set({
      jobId: job.id,
      cost: job.cost,
      status: 'queued',
      stage: null,
      progress: 0,
      error: null,
      durationMs: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(videos.id, id),
        eq(videos.uid, uid),
        previousJobId ? eq(videos.jobId, previousJobId) : sql`${videos.jobId} is null`,
      ),
    )
    .returning({ id: videos.id });
  return rows.length > 0;
}

/**
 * Deletes the row; hands back its job and every file made for it so the caller can cancel and remove them: its
 * outputs, and the images uploaded for it that no other video of the user still uses. Images the user picked from
 * elsewhere (made by a job, e.g. the image generator) stay.
 */
export async function deleteVideo(
  db: Db,
  uid: string,
  id: string,
): Promise<{ jobId: string | null; fileIds: string[] } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .delete(videos)
    .where(and(eq(videos.id, id), eq(videos.uid, uid)))
    .returning();
  if (!row) return undefined;
  const own = [row.videoFileId, row.thumbnailFileId, row.subtitlesFileId, row.captionsVttFileId].filter(
    (f): f is string => Boolean(f),
  );
  // Outputs a run stored before it failed are the job's files too.
  const byJob = row.jobId
    ? await db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.uid, uid), eq(files.jobId, row.jobId)))
    : [];
  return {
    jobId: row.jobId,
    fileIds: [
      ...new Set([...own, ...byJob.map((f) => f.id), ...(await unsharedUploads(db, uid, row.options.imageFileIds))]),
    ],
  };
}

async function unsharedUploads(db: Db, uid: string, imageIds: readonly string[]): Promise<string[]> {
  if (imageIds.length === 0) return [];
  const others = await db
    .select({ options: videos.options })
    .from(videos)
    .where(and(eq(videos.uid, uid), sql`${videos.options}->>'visuals' = 'uploaded'`));
  const stillUsed = new Set(others.flatMap((v) => v.options.imageFileIds));
  const candidates = imageIds.filter((fileId) => !stillUsed.has(fileId));
  if (candidates.length === 0) return [];
  const uploads = await db
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.uid, uid), inArray(files.id, candidates), isNull(files.jobId)));
  return uploads.map((f) => f.id);
}

/** Uploaded images of this user among `ids`, with their types, for checking a create request. */
export async function ownedFiles(
  db: Db,
  uid: string,
  ids: readonly string[],
): Promise<Map<string, { contentType: string; name: string | null }>> {
  const wanted = ids.filter(isUuid);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: files.id, contentType: files.contentType, name: files.name })
    .from(files)
    .where(and(eq(files.uid, uid), inArray(files.id, wanted)));
  return new Map(rows.map((r) => [r.id, { contentType: r.contentType, name: r.name }]));
}

// --- Written by the `video` job (`job.ts`) in the transactions that capture or release the credits ---

export interface FinishedVideo {
  videoFileId: string;
  thumbnailFileId: string;
  subtitlesFileId: string;
  /** Absent from results of jobs whose captions were made before WebVTT was written. */
  captionsVttFileId?: string;
  durationMs: number;
  width: number;
  height: number;
  /** Absent from results of jobs that finished before stock pictures existed. */
  stockCredits?: StockCredit[];
  /** Absent from results of jobs that finished before pictures were described. */
  pictures?: ScenePicture[];
}

/** `charged`: what the finished video cost, which replaces the estimate's price held until now. */
export async function completeVideo(tx: Tx, jobId: string, result: FinishedVideo, charged: number): Promise<void> {
  const [row] = await tx.select({ options: videos.options }).from(videos).where(eq(videos.jobId, jobId));
  if (!row) return;
  await tx
    .update(videos)
    .set({
      status: 'succeeded',
      stage: null,
      progress: 1,
      videoFileId: result.videoFileId,
      thumbnailFileId: result.thumbnailFileId,
      subtitlesFileId: result.subtitlesFileId,
      captionsVttFileId: result.captionsVttFileId ?? null,
      durationMs: Math.round(result.durationMs),
      cost: charged,
      options: {
        ...row.options,
        width: result.width,
        height: result.height,
        stockCredits: result.stockCredits ?? [],
        pictures: result.pictures ?? [],
      },
      error: null,
      updatedAt: sql`now()`,
    })
    .where(eq(videos.jobId, jobId));
}

/** `job` is the finished job row: cancelled, or failed with its user-facing message. */
export async function failVideo(
  tx: Tx,
  job: Pick<JobRow, 'id' | 'status' | 'stage' | 'progress' | 'error'>,
): Promise<void> {
  const cancelled = job.status === 'cancelled';
  await tx
    .update(videos)
    .set({
      status: cancelled ? 'cancelled' : 'failed',
      stage: job.stage,
      progress: job.progress,
      error: cancelled ? null : (job.error ?? GENERIC_FAILURE),
      updatedAt: sql`now()`,
    })
    .where(eq(videos.jobId, job.id));
}
