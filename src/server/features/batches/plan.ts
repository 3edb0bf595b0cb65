/**
 * The plan the API holds a batch to: the sheet (inline rows, or an uploaded CSV/JSONL read exactly as the create
 * screen reads it) planned by the contract's `planBatch`, with this server's voice catalogue and engines deciding
 * which voices exist, and the user's presets (built-in or their own) the batch and its rows may name.
 */
import {
  type BatchColumn,
  type BatchPlan,
  type BatchSettings,
  batchColumnOf,
  batchSettingsSchema,
  type CreateBatchRequest,
  planBatch,
  recordsOf,
  UNKNOWN_PRESET_MESSAGE,
} from '~/contract/batches.ts';
import { readSheet, SHEET_LIMITS, SHEET_TOO_LARGE_MESSAGE, type SheetRecord } from '~/contract/sheet.ts';
import type { VideoSettings } from '~/contract/video.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError } from '~/server/http/errors.ts';
import { findFile } from '~/server/storage/files.ts';
import { storageKey } from '~/server/storage/index.ts';
import type { VideoMaker } from './video-maker.ts';

const badFile = (message: string) => new HttpError(400, 'Invalid input', { fileId: message });

/**
 * A preset's settings by id for this user, built-in or their own, or null: the presets feature's `presetSource`,
 * handed in by api/app.ts.
 */
export type PresetSettings = (uid: string, id: string) => Promise<VideoSettings | null>;

/** Each distinct non-empty cell of the sheet's columns of one kind (the voices, the presets it names). */
const cellsOf = (records: readonly SheetRecord[], column: BatchColumn): Set<string> =>
  new Set(
    records.flatMap((record) =>
      Object.entries(record.cells).flatMap(([name, value]) =>
        batchColumnOf(name) === column && value.trim() ? [value.trim()] : [],
      ),
    ),
  );

export function batchPlanner(
  { database, storage }: Pick<ApiDeps, 'database' | 'storage'>,
  videos: Pick<VideoMaker, 'defaultVoiceId' | 'voiceProblem'>,
  presets: PresetSettings,
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

  /** Every row's settings: the batch's preset (400 on the `preset` field when it names none), or its settings. */
  async function settingsOf(uid: string, request: CreateBatchRequest): Promise<BatchSettings & { voiceId: string }> {
    if (request.preset !== undefined) {
      const preset = await presets(uid, request.preset);
      if (!preset) throw new HttpError(400, 'Invalid input', { preset: UNKNOWN_PRESET_MESSAGE });
      return preset;
    }
    const settings = request.settings ?? batchSettingsSchema.parse({});
    return { ...settings, voiceId: settings.voiceId ?? (await videos.defaultVoiceId()) };
  }

  return {
    async plan(uid: string, request: CreateBatchRequest): Promise<BatchPlan> {
      const sheet = await sheetOf(uid, request);
      const settings = await settingsOf(uid, request);
      // Each preset and voice the batch names is looked up once (a live voice may ask its provider).
      const rowPresets = new Map<string, VideoSettings | null>();
      for (const id of cellsOf(sheet.records, 'preset')) rowPresets.set(id, await presets(uid, id));
      const voiceIds = new Set([settings.voiceId, ...cellsOf(sheet.records, 'voice')]);
      for (const preset of rowPresets.values()) if (preset) voiceIds.add(preset.voiceId);
      const voiceProblems = new Map<string, string | null>();
      for (const id of voiceIds) voiceProblems.set(id, await videos.voiceProblem(id));
      const planned = planBatch(sheet.records, sheet.columns, {
        template: request.template,
        settings,
        voiceProblem: (id) => voiceProblems.get(id) ?? null,
        presets: (id) => rowPresets.get(id) ?? null,
      });
      return {
        ...planned,
        problems: [...sheet.problems, ...planned.problems],
        ready: planned.ready && sheet.problems.length === 0,
      };
    },
  };
}
