/**
 * Speech generations in the shared `speech` table. `audio_file_id` holds the WAV; the MP3's id, the sample rate
 * and the engine live in `options`. Status comes from our row once the job has finished, from the job while it runs.
 */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '~/contract/ids.ts';
import { type SpeechRecord, speechCharCount } from '~/contract/speech.ts';
import type { Database, Db, Tx } from '~/server/db/index.ts';
import { cutPage, pageQuery } from '~/server/db/paging.ts';
import { jobs } from '~/server/db/schema/jobs.ts';
import { type SpeechOptions, speech } from '~/server/db/schema/media.ts';
import { generationStatus } from '~/server/jobs/status.ts';
import { type FileLinker, fileLinks } from '~/server/storage/links.ts';

type Row = { row: typeof speech.$inferSelect; job: { status: string; progress: number; error: string | null } | null };

const selection = { row: speech, job: { status: jobs.status, progress: jobs.progress, error: jobs.error } };

async function toRecords(database: Database, rows: Row[], link: FileLinker): Promise<SpeechRecord[]> {
  const file = await fileLinks(
    database,
    rows.flatMap(({ row }) => [row.audioFileId, row.options.mp3FileId]),
    link,
  );
  return rows.map(({ row, job }) => {
    const { options } = row;
    const status = generationStatus(row.status, job);
    return {
      id: row.id,
      status,
      progress: status === 'succeeded' ? 1 : (job?.progress ?? 0),
      text: row.text,
      chars: speechCharCount(row.text),
      voiceId: row.voice,
      voiceName: options.voiceName,
      engine: options.engine,
      speed: options.speed,
      pitch: options.pitch,
      durationSec: row.durationMs === null ? null : row.durationMs / 1000,
      sampleRate: options.sampleRate ?? null,
      wav: file(row.audioFileId),
      mp3: file(options.mp3FileId),
      error: status === 'failed' ? (row.error ?? job?.error ?? 'The speech could not be made.') : null,
      creditsCharged: status === 'succeeded' ? row.cost : 0,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function insertSpeechRow(
  tx: Tx,
  row: { id: string; uid: string; jobId: string; text: string; voiceId: string; cost: number; options: SpeechOptions },
): Promise<void> {
  await tx.insert(speech).values({
    id: row.id,
    uid: row.uid,
    jobId: row.jobId,
    status: 'queued',
    text: row.text,
    voice: row.voiceId,
    options: row.options,
    cost: row.cost,
  });
}

export async function getSpeech(
  database: Database,
  uid: string,
  id: string,
  link: FileLinker,
): Promise<SpeechRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await database.db
    .select(selection)
    .from(speech)
    .leftJoin(jobs, eq(speech.jobId, jobs.id))
    .where(and(eq(speech.id, id), eq(speech.uid, uid)));
  return (await toRecords(database, rows, link))[0];
}

export async function listSpeech(
  database: Database,
  uid: string,
  limit: number,
  cursor: string | undefined,
  link: FileLinker,
) {
  const rows = await pageQuery(
    database.db.select(selection).from(speech).leftJoin(jobs, eq(speech.jobId, jobs.id)).$dynamic(),
    speech,
    uid,
    { limit, cursor },
  );
  const page = cutPage(
    rows.map((r) => ({ ...r, createdAt: r.row.createdAt, id: r.row.id })),
    limit,
  );
  return { items: await toRecords(database, page.rows, link), nextCursor: page.nextCursor };
}

/** Deletes the row and hands back its job and file ids so the caller can cancel and remove those too. */
export async function deleteSpeech(
  db: Db,
  uid: string,
  id: string,
): Promise<{ jobId: string | null; fileIds: string[] } | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .delete(speech)
    .where(and(eq(speech.id, id), eq(speech.uid, uid)))
    .returning();
  if (!row) return undefined;
  return { jobId: row.jobId, fileIds: [row.audioFileId, row.options.mp3FileId].filter((f): f is string => Boolean(f)) };
}

export interface FinishedSpeech {
  wavFileId: string;
  mp3FileId: string;
  durationMs: number;
  sampleRate: number;
}

export async function completeSpeech(tx: Tx, jobId: string, result: FinishedSpeech): Promise<void> {
  const [row] = await tx.select({ options: speech.options }).from(speech).where(eq(speech.jobId, jobId));
  if (!row) return;
  await tx
    .update(speech)
    .set({
      status: 'succeeded',
      audioFileId: result.wavFileId,
      durationMs: result.durationMs,
      options: { ...row.options, mp3FileId: result.mp3FileId, sampleRate: result.sampleRate },
      error: null,
      updatedAt: new Date(),
    })
    .where(eq(speech.jobId, jobId));
}

/** The speech record a job made (its id is its own, not the job's). */
export async function speechOfJob(tx: Tx, jobId: string): Promise<{ id: string }> {
  const [row] = await tx.select({ id: speech.id }).from(speech).where(eq(speech.jobId, jobId));
  return { id: row?.id ?? jobId };
}

export async function failSpeech(tx: Tx, jobId: string, error: string): Promise<void> {
  await tx.update(speech).set({ status: 'failed', error, updatedAt: new Date() }).where(eq(speech.jobId, jobId));
}
