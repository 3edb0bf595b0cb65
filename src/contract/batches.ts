/**
 * Batches: one video per row of a sheet (src/contract/sheet.ts reads it). A row gives the script (or the cells a
 * shared script template's `{{column}}` placeholders take) and may override the voice, aspect, captions, music and
 * visual order the batch's settings (or the batch's preset) give every row, or name a preset of its own. `planBatch` turns the sheet into one create-video request per
 * row, with its estimated length and price and the problems found, named by row and column: the create screen
 * shows it as the preview, and the API refuses a batch whose plan has any problem.
 */
import { z } from 'zod';
import { MUSIC_TRACK_IDS } from './music.ts';
import { videoCost } from './pricing.ts';
import type { SheetProblem, SheetRecord } from './sheet.ts';
import { SHEET_LIMITS } from './sheet.ts';
import { textField } from './text.ts';
import {
  CAPTION_STYLES,
  type CreateVideoRequest,
  createVideoRequestSchema,
  estimateDurationSeconds,
  VIDEO_ASPECTS,
  VIDEO_LIMITS,
  VISUAL_ORDERS,
  type VideoSettings,
  videoRecordSchema,
  videoSettingsSchema,
  videoTitle,
} from './video.ts';

/** The columns a sheet may have beyond its placeholder data, as people write them, and the setting each sets. */
export const BATCH_COLUMNS = [
  'script',
  'title',
  'preset',
  'voice',
  'aspect',
  'captions',
  'music',
  'visual order',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** "Visual_Order", "visualOrder" and "visual order" are one column; "voiceId" is the voice. */
const columnKey = (name: string) => name.toLowerCase().replace(/[\s_-]+/g, '');
const COLUMN_ALIASES: Record<string, BatchColumn> = {
  script: 'script',
  title: 'title',
  preset: 'preset',
  presetid: 'preset',
  voice: 'voice',
  voiceid: 'voice',
  aspect: 'aspect',
  captions: 'captions',
  music: 'music',
  visualorder: 'visual order',
};
export const batchColumnOf = (name: string): BatchColumn | undefined => COLUMN_ALIASES[columnKey(name)];

const PLACEHOLDER = /\{\{\s*([^{}]+?)\s*\}\}/g;

/** The column names a template's `{{column}}` placeholders use, each once, in order. */
export function templatePlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!))];
}

/** The template with each placeholder replaced by the row's cell (column names match ignoring case). */
export function fillTemplate(template: string, cells: Record<string, string>): string {
  const byKey = new Map(Object.entries(cells).map(([name, value]) => [columnKey(name), value]));
  return template.replace(PLACEHOLDER, (_all, name: string) => byKey.get(columnKey(name)) ?? '');
}

/** The batch's settings, which every row takes unless its own columns say otherwise. */
export const batchSettingsSchema = videoSettingsSchema.extend({
  voiceId: videoSettingsSchema.shape.voiceId
    .optional()
    .describe(
      "The narrator of every row without a voice cell: a voice id from GET /voices; omit it for the server's best English voice.",
    ),
  aspect: videoSettingsSchema.shape.aspect.default('16:9'),
  resolution: videoSettingsSchema.shape.resolution.default('720p'),
  captions: videoSettingsSchema.shape.captions.default('line'),
});
export type BatchSettings = z.output<typeof batchSettingsSchema>;
export type BatchSettingsInput = z.input<typeof batchSettingsSchema>;

const cellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A preset id a sheet or request named that is neither built in nor the user's own. */
export const UNKNOWN_PRESET_MESSAGE =
  'No preset has this id or name: name a built-in preset or one of yours (GET /presets) by its id or its name.';
export const PRESET_OR_SETTINGS_MESSAGE = "Send the batch's settings or a preset, not both.";

export const createBatchRequestSchema = z
  .object({
    name: textField()
      .trim()
      .max(100, 'Keep the name under 100 characters.')
      .optional()
      .describe("The batch's name, for lists; the first row's title if left out."),
    template: textField()
      .max(
        VIDEO_LIMITS.maxChars,
        `Keep the template under ${VIDEO_LIMITS.maxChars.toLocaleString('en-US')} characters.`,
      )
      .optional()
      .describe(
        'A script shared by every row, with {{column}} placeholders filled from each row ("Meet {{product}}, now {{price}}"); a row\'s own script cell wins.',
      ),
    settings: batchSettingsSchema
      .optional()
      .describe(
        "Every row's voice, aspect, resolution, captions, music and visual order, unless a row's own column (or its preset) says otherwise. Left out (and no preset): 16:9, 720p, line captions.",
      ),
    preset: z
      .string({ error: 'Name the preset by its id or its name.' })
      .trim()
      .min(1, 'Name the preset by its id or its name.')
      .max(100, UNKNOWN_PRESET_MESSAGE)
      .optional()
      .describe(
        'Instead of settings: the id or the name of a preset (GET /presets, built-in or yours) every row takes, unless its own preset column or other columns say otherwise.',
      ),
    rows: z
      .array(z.record(z.string(), cellValue), { error: 'Rows must be a list of objects, one per video.' })
      .min(1, 'Add at least one row.')
      .max(SHEET_LIMITS.maxRows, `A batch makes at most ${SHEET_LIMITS.maxRows} videos. Split it into several batches.`)
      .optional()
      .describe(
        'One object per video, keyed by column: script, title, preset, voice, aspect, captions, music, visual order, and any column the template names.',
      ),
    fileId: z
      .uuid({ error: 'Upload the sheet first (POST /files/upload) and send its fileId.' })
      .optional()
      .describe('Instead of rows: a CSV or JSONL file uploaded with POST /files/upload (at most 10 MB, 100 rows).'),
  })
  .superRefine((value, ctx) => {
    if ((value.rows === undefined) === (value.fileId === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['rows'],
        message: 'Send the rows, or the fileId of an uploaded sheet (one of the two).',
      });
    if (value.preset !== undefined && value.settings !== undefined)
      ctx.addIssue({ code: 'custom', path: ['preset'], message: PRESET_OR_SETTINGS_MESSAGE });
  });
export type CreateBatchRequestInput = z.input<typeof createBatchRequestSchema>;
export type CreateBatchRequest = z.output<typeof createBatchRequestSchema>;

/** Inline rows as sheet records (numbers and booleans as their text), numbered like a sheet's. */
export function recordsOf(rows: readonly Record<string, string | number | boolean | null>[]): SheetRecord[] {
  return rows.map((cells, index) => ({
    row: index + 1,
    cells: Object.fromEntries(
      Object.entries(cells).map(([name, value]) => [name.trim(), value === null ? '' : String(value)]),
    ),
  }));
}

export interface PlannedRow {
  row: number;
  title: string;
  /** The create-video request this row makes; null when a problem keeps it from being one. */
  request: CreateVideoRequest | null;
  /** Estimated narration length and its price (src/contract/pricing.ts), 0 when the row has a problem. */
  seconds: number;
  credits: number;
  problems: SheetProblem[];
}

export interface BatchPlan {
  rows: PlannedRow[];
  /** Problems of the whole sheet: a placeholder whose column is missing, an unknown script column. */
  problems: SheetProblem[];
  totalSeconds: number;
  totalCredits: number;
  /** No problem anywhere: the batch may start. */
  ready: boolean;
}

/** Which column a create-video field came from, to name it in a row's problem. */
const FIELD_COLUMNS: Record<string, string> = {
  script: 'script',
  voiceId: 'voice',
  aspect: 'aspect',
  captions: 'captions',
  music: 'music',
  visualOrder: 'visual order',
};

const MUSIC_OFF = new Set(['off', 'no', 'none', 'false', '0']);
const MUSIC_ON = new Set(['on', 'yes', 'true', '1']);
export const MUSIC_CELL_MESSAGE = `Use off, on or a track: ${MUSIC_TRACK_IDS.join(', ')}.`;

function musicOf(cell: string, settings: BatchSettings): BatchSettings['music'] | string {
  const value = cell.trim().toLowerCase();
  if (MUSIC_OFF.has(value)) return { ...settings.music, enabled: false };
  if (MUSIC_ON.has(value)) return { ...settings.music, enabled: true };
  if ((MUSIC_TRACK_IDS as readonly string[]).includes(value))
    return { enabled: true, volume: settings.music.volume, track: value as (typeof MUSIC_TRACK_IDS)[number] };
  return MUSIC_CELL_MESSAGE;
}

/** A cell's column in this sheet (its own spelling), for naming problems. */
type ColumnsOf = Partial<Record<BatchColumn, string>>;

/** A preset's settings by id or name (built-in or the user's own), or null when it names none (`presetNamed`). */
export type PresetLookup = (id: string) => VideoSettings | null;

function rowRequest(
  record: SheetRecord,
  columns: ColumnsOf,
  template: string | undefined,
  batchSettings: BatchSettings,
  presetOf: PresetLookup,
): { input: Record<string, unknown>; problems: SheetProblem[] } {
  const problems: SheetProblem[] = [];
  const cell = (column: BatchColumn) => (columns[column] ? (record.cells[columns[column]] ?? '').trim() : '');
  const problem = (column: string | null, message: string) => problems.push({ row: record.row, column, message });
  // A row's preset stands in for the batch's settings; its other cells are laid over it below.
  const presetId = cell('preset');
  const preset = presetId ? presetOf(presetId) : null;
  if (presetId && !preset) problem(columns.preset ?? 'preset', UNKNOWN_PRESET_MESSAGE);
  const settings: BatchSettings = preset ?? batchSettings;
  const own = cell('script');
  let script = own;
  if (!own && template) {
    for (const name of templatePlaceholders(template)) {
      const key = Object.keys(record.cells).find((column) => columnKey(column) === columnKey(name));
      if (key && (record.cells[key] ?? '').trim() === '')
        problem(key, `Empty, but the script template uses {{${name}}}.`);
    }
    script = fillTemplate(template, record.cells);
  }
  const input: Record<string, unknown> = { ...settings, script, visuals: 'generated' };
  const overrides: [BatchColumn, string, readonly string[], string][] = [
    ['voice', 'voiceId', [], ''],
    ['aspect', 'aspect', VIDEO_ASPECTS, `Use ${VIDEO_ASPECTS.join(', ')}.`],
    ['captions', 'captions', CAPTION_STYLES, `Use ${CAPTION_STYLES.join(', ')}.`],
    ['visual order', 'visualOrder', VISUAL_ORDERS, `Use ${VISUAL_ORDERS.join(', ')}.`],
  ];
  for (const [column, field, allowed, message] of overrides) {
    const value = cell(column);
    if (!value) continue;
    const choice = allowed.length > 0 ? allowed.find((option) => option.toLowerCase() === value.toLowerCase()) : value;
    if (choice) input[field] = choice;
    else problem(columns[column] ?? column, message);
  }
  const music = cell('music');
  if (music) {
    const chosen = musicOf(music, settings);
    if (typeof chosen === 'string') problem(columns.music ?? 'music', chosen);
    else input.music = chosen;
  }
  return { input, problems };
}

/**
 * One create-video request per record, each checked by the create-video schema and `voiceProblem` (the browser asks
 * its voice list, the API the voice catalogue and the engines this server has). Problems are named by row and by
 * the sheet's own column name.
 */
export function planBatch(
  records: readonly SheetRecord[],
  columns: readonly string[],
  options: {
    template?: string | undefined;
    settings: BatchSettings;
    voiceProblem?: (voiceId: string) => string | null;
    /** The presets a `preset` column may name; without it every named preset is a problem. */
    presets?: PresetLookup;
  },
): BatchPlan {
  const known: ColumnsOf = {};
  for (const name of columns) {
    const column = batchColumnOf(name);
    if (column && !known[column]) known[column] = name;
  }
  const problems: SheetProblem[] = [];
  const template = options.template?.trim() || undefined;
  if (!known.script && !template)
    problems.push({
      row: null,
      column: 'script',
      message: 'Add a script column, or write a script template with {{column}} placeholders.',
    });
  if (template)
    for (const name of templatePlaceholders(template))
      if (!columns.some((column) => columnKey(column) === columnKey(name)))
        problems.push({
          row: null,
          column: name,
          message: `The script template uses {{${name}}}, but the sheet has no "${name}" column.`,
        });
  const voiceColumn = known.voice ?? 'voice';
  const rows = records.map((record): PlannedRow => {
    const { input, problems: rowProblems } = rowRequest(
      record,
      known,
      template,
      options.settings,
      options.presets ?? (() => null),
    );
    const parsed = createVideoRequestSchema.safeParse(input);
    const titleCell = known.title ? (record.cells[known.title] ?? '').trim() : '';
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column =
          field === 'script' && !known.script
            ? 'template'
            : (FIELD_COLUMNS[field] && known[FIELD_COLUMNS[field] as BatchColumn]) || FIELD_COLUMNS[field] || field;
        if (!rowProblems.some((p) => p.column === column))
          rowProblems.push({ row: record.row, column, message: issue.message });
      }
    } else {
      const voice = options.voiceProblem?.(parsed.data.voiceId);
      if (voice) rowProblems.push({ row: record.row, column: known.voice ? voiceColumn : 'voice', message: voice });
    }
    const ok = parsed.success && rowProblems.length === 0;
    const script = typeof input.script === 'string' ? input.script : '';
    const seconds = ok ? estimateDurationSeconds(script) : 0;
    return {
      row: record.row,
      title: (titleCell || videoTitle(script)).slice(0, 120),
      request: ok ? parsed.data : null,
      seconds,
      credits: ok ? videoCost(seconds * 1000, parsed.data.resolution) : 0,
      problems: rowProblems,
    };
  });
  const rowProblems = rows.flatMap((row) => row.problems);
  return {
    rows,
    problems,
    totalSeconds: rows.reduce((sum, row) => sum + row.seconds, 0),
    totalCredits: rows.reduce((sum, row) => sum + row.credits, 0),
    ready: problems.length === 0 && rowProblems.length === 0 && rows.length > 0,
  };
}

/** "Row 3, voice: Choose a voice from the list." — the field name and text a 400 carries for each problem. */
export const problemField = (problem: SheetProblem): string =>
  problem.row === null ? `sheet.${problem.column ?? 'file'}` : `rows[${problem.row}].${problem.column ?? 'row'}`;

// ---------------------------------------------------------------------------------------------------------------
// Records

export const BATCH_STATUSES = ['running', 'completed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const batchCountsSchema = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  active: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const batchSummarySchema = z.object({
  id: z.string().describe("The batch's id."),
  name: z.string().describe('Its name.'),
  status: z
    .enum(BATCH_STATUSES)
    .describe('"running" until every row has ended (succeeded, failed or cancelled), then "completed".'),
  counts: batchCountsSchema.describe('How many rows are queued, being made, succeeded, failed or cancelled.'),
  credits: z.number().int().describe('Credits held for rows still being made plus those charged for finished ones.'),
  createdAt: z.string().describe('When it was accepted, ISO 8601.'),
  completedAt: z.string().nullable().describe('When its last row ended; null while running.'),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchRowRecordSchema = z.object({
  row: z.number().int().describe("The row's number in the sheet (1 = the first row after the header)."),
  title: z.string().describe("The row's title cell, or its script's opening words."),
  error: z.string().nullable().describe('Why the row could not be queued (its video is then null).'),
  video: videoRecordSchema.nullable().describe("The row's video, as GET /videos/{id} shows it."),
});
export type BatchRowRecord = z.infer<typeof batchRowRecordSchema>;

export const batchRecordSchema = batchSummarySchema.extend({
  rows: z.array(batchRowRecordSchema).describe('Every row with its video.'),
});
export type BatchRecord = z.infer<typeof batchRecordSchema>;

export const batchPageSchema = z.object({
  items: z.array(batchSummarySchema).describe('The batches, newest first.'),
  nextCursor: z.string().nullable().describe('Pass it as `cursor` for the next page; null on the last page.'),
});
export type BatchPage = z.infer<typeof batchPageSchema>;

/** A row's video has ended (any way); the batch is completed when every row has. */
export const isRowEnded = (row: BatchRowRecord): boolean =>
  row.video === null || ['succeeded', 'failed', 'cancelled'].includes(row.video.status);

/** Safe, distinct ZIP entry names: "003 Meet the Widget.mp4". */
export function zipEntryName(row: number, title: string): string {
  const clean = title
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what an archive's file name must not carry
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/…/g, '')
    .trim()
    .slice(0, 80)
    .replace(/[. ]+$/, '');
  return `${String(row).padStart(3, '0')} ${clean || 'video'}.mp4`;
}
