/**
 * The plan the API holds a batch to: the sheet (inline rows, or an uploaded CSV/JSONL read exactly as the create
 * screen reads it) planned by the contract's `planBatch`, with this server's voice catalogue and engines deciding
 * which voices exist.
 */
import { type BatchPlan, batchColumnOf, type CreateBatchRequest, planBatch, recordsOf } from '~/contract/batches.ts';
import { readSheet, SHEET_LIMITS, SHEET_TOO_LARGE_MESSAGE } from '~/contract/sheet.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError } from '~/server/http/errors.ts';
import { findFile } from '~/server/storage/files.ts';
import { storageKey } from '~/server/storage/index.ts';
import type { VideoMaker } from './video-maker.ts';

const badFile = (message: string) => new HttpError(400, 'Invalid input', { fileId: message });

export function batchPlanner(
  { database, storage }: Pick<ApiDeps, 'database' | 'storage'>,
  videos: Pick<VideoMaker, 'defaultVoiceId' | 'voiceProblem'>,
) {
  /** The sheet as records: inline rows as they are, an uploaded file read like the create screen reads it. */
  async function sheetOf(uid: string, request: CreateBatchRequest) {
    if (request.rows) {
      const columns = [...new Set(request.rows.flatMap((row) => Object.keys(row).map((key) => key.trim())))];
      return { columns, records: recordsOf(request.rows), problems: [] };
    }
    const file = request.fileId ? await findFile(database.db, request.fileId, uid) : undefined;
    if (!file) throw badFile('No uploaded file has this id.');
    // Uploads are typed by their bytes: a CSV or JSONL sheet is plain text.
    if (file.contentType !== 'text/plain') throw badFile('This file is not a CSV or JSONL sheet.');
    if (file.size > SHEET_LIMITS.maxBytes) throw badFile(SHEET_TOO_LARGE_MESSAGE);
    const bytes = await storage.get(storageKey(uid, file.id));
    if (!bytes) throw badFile('This file is no longer stored. Upload it again.');
    const sheet = readSheet(new TextDecoder().decode(bytes), file.name ? { fileName: file.name } : {});
    if (!sheet.ok) throw badFile(sheet.error);
    return sheet;
  }

  return {
    async plan(uid: string, request: CreateBatchRequest): Promise<BatchPlan> {
      const sheet = await sheetOf(uid, request);
      const settings = { ...request.settings, voiceId: request.settings.voiceId ?? (await videos.defaultVoiceId()) };
      // Each voice the batch names is looked up once (a live voice may ask its provider).
      const voiceIds = new Set([settings.voiceId]);
      for (const record of sheet.records)
        for (const [column, value] of Object.entries(record.cells))
          if (batchColumnOf(column) === 'voice' && value.trim()) voiceIds.add(value.trim());
      const voiceProblems = new Map<string, string | null>();
      for (const id of voiceIds) voiceProblems.set(id, await videos.voiceProblem(id));
      const planned = planBatch(sheet.records, sheet.columns, {
        template: request.template,
        settings,
        voiceProblem: (id) => voiceProblems.get(id) ?? null,
      });
      return {
        ...planned,
        problems: [...sheet.problems, ...planned.problems],
        ready: planned.ready && sheet.problems.length === 0,
      };
    },
  };
}
