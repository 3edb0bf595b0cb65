import { describe, expect, it } from 'vitest';
import {
  type BatchSettings,
  batchSettingsSchema,
  createBatchRequestSchema,
  fillTemplate,
  PRESET_OR_SETTINGS_MESSAGE,
  planBatch,
  problemField,
  recordsOf,
  templatePlaceholders,
  UNKNOWN_PRESET_MESSAGE,
  zipEntryName,
} from '~/contract/batches.ts';
import { BUILT_IN_PRESETS } from '~/contract/presets.ts';
import { readSheet, SHEET_LIMITS, SHEET_TOO_LARGE_MESSAGE, tooManyRowsMessage } from '~/contract/sheet.ts';
import { estimateVideoCost } from '~/contract/video.ts';

const settings: BatchSettings = { ...batchSettingsSchema.parse({}), voiceId: 'en-us-olivia' };

const read = (text: string, fileName?: string) => {
  const sheet = readSheet(text, fileName ? { fileName } : {});
  if (!sheet.ok) throw new Error(sheet.error);
  return sheet;
};

describe('reading a CSV sheet', () => {
  it('takes RFC 4180 quoting: commas, doubled quotes and line breaks inside quoted cells', () => {
    const sheet = read('script,title\n"Hello, world","He said ""hi"""\n"Two\nlines",plain\n');
    expect(sheet.format).toBe('csv');
    expect(sheet.columns).toEqual(['script', 'title']);
    expect(sheet.records).toEqual([
      { row: 1, cells: { script: 'Hello, world', title: 'He said "hi"' } },
      { row: 2, cells: { script: 'Two\nlines', title: 'plain' } },
    ]);
    expect(sheet.problems).toEqual([]);
  });

  it('drops a byte-order mark, reads CRLF and skips empty lines and lines of empty cells', () => {
    const sheet = read('\uFEFFscript,title\r\n\r\nFirst,One\r\n,\r\n\r\nSecond,Two\r\n');
    expect(sheet.columns).toEqual(['script', 'title']);
    expect(sheet.records.map((record) => record.cells.script)).toEqual(['First', 'Second']);
    expect(sheet.records.map((record) => record.row)).toEqual([1, 2]);
  });

  it('names a row with more cells than the header has columns, and a quote that never closes', () => {
    const sheet = read('script,title\nA,B\nC,D,E\n');
    expect(sheet.problems).toEqual([{ row: 2, column: null, message: expect.stringContaining('3 cells') }]);
    expect(readSheet('script\n"never closed\n')).toEqual({
      ok: false,
      error: 'Line 2: a quoted cell never ends (a closing " is missing).',
    });
  });

  it('refuses an empty sheet, a header with a blank or repeated name', () => {
    expect(readSheet('')).toMatchObject({ ok: false, error: expect.stringContaining('empty') });
    expect(readSheet('script,,title\n')).toMatchObject({ ok: false, error: 'Column 2 has no name on the first line.' });
    expect(readSheet('script,script\n')).toMatchObject({ ok: false, error: expect.stringContaining('appears twice') });
  });

  it('refuses more rows than a batch makes, counting only real rows', () => {
    const rows = (n: number) => `script\n${Array.from({ length: n }, (_, i) => `Row ${i}`).join('\n')}\n\n\n`;
    expect(read(rows(SHEET_LIMITS.maxRows)).records).toHaveLength(SHEET_LIMITS.maxRows);
    expect(readSheet(rows(SHEET_LIMITS.maxRows + 1))).toEqual({ ok: false, error: tooManyRowsMessage() });
    expect(readSheet('{"script":"a"}\n'.repeat(SHEET_LIMITS.maxRows + 1))).toEqual({
      ok: false,
      error: tooManyRowsMessage(),
    });
  });

  it('reads a 10 MB file whole and refuses one byte more', () => {
    // 100 rows with a large notes column: exactly at the limit, then one byte over (a multi-byte character counts as its UTF-8 bytes).
    const header = 'script,notes\n';
    const rowStart = 'A short script,';
    const pad = Math.floor((SHEET_LIMITS.maxBytes - header.length) / 100) - rowStart.length - 1;
    const body = Array.from({ length: 99 }, () => `${rowStart}${'x'.repeat(pad)}\n`).join('');
    const last = `${rowStart}${'x'.repeat(SHEET_LIMITS.maxBytes - header.length - body.length - rowStart.length - 1)}\n`;
    const exact = header + body + last;
    expect(new TextEncoder().encode(exact).length).toBe(SHEET_LIMITS.maxBytes);
    const sheet = read(exact);
    expect(sheet.records).toHaveLength(100);
    expect(sheet.records[0]?.cells.notes).toHaveLength(pad);
    expect(sheet.records[99]?.cells.script).toBe('A short script');
    expect(readSheet(`${exact.slice(0, -1)}é`)).toEqual({ ok: false, error: SHEET_TOO_LARGE_MESSAGE });
  });
});

describe('reading a JSONL sheet', () => {
  it('takes one object per line, numbers and booleans as text, null as empty, columns in first-seen order', () => {
    const sheet = read('{"script":"Hi","price":9.5}\r\n\n{"script":"Yo","sale":true,"price":null}\n');
    expect(sheet.format).toBe('jsonl');
    expect(sheet.columns).toEqual(['script', 'price', 'sale']);
    expect(sheet.records).toEqual([
      { row: 1, cells: { script: 'Hi', price: '9.5' } },
      { row: 2, cells: { script: 'Yo', sale: 'true', price: '' } },
    ]);
  });

  it('names a line that is not an object and a cell that is a list', () => {
    const sheet = read('{"script":"ok"}\n[1,2]\n{"script":["a"]}\nnot json\n', 'rows.jsonl');
    expect(sheet.problems).toEqual([
      { row: 2, column: null, message: expect.stringContaining('not a JSON object') },
      { row: 3, column: 'script', message: expect.stringContaining('not a list') },
      { row: 4, column: null, message: expect.stringContaining('not a JSON object') },
    ]);
  });
});

describe('planning a batch', () => {
  it('fills {{column}} placeholders in the template, ignoring case and spaces', () => {
    expect(templatePlaceholders('Meet {{product}}, now {{ Price }}. {{product}}!')).toEqual(['product', 'Price']);
    expect(fillTemplate('Meet {{product}}, now {{ Price }}', { Product: 'the Widget', price: '$9' })).toBe(
      'Meet the Widget, now $9',
    );
  });

  it('makes one request per row with its estimate and price, row overrides over the batch settings', () => {
    const sheet = read(
      'product,price,voice,aspect,captions,music,Visual Order,title\nthe Widget,$9,,9:16,word,warm-piano,designed,Widget ad\nthe Gadget,$12,,,,off,,\n',
    );
    const plan = planBatch(sheet.records, sheet.columns, { template: 'Meet {{product}}, now {{price}}.', settings });
    expect(plan.ready).toBe(true);
    const [first, second] = plan.rows;
    expect(first?.request).toMatchObject({
      script: 'Meet the Widget, now $9.',
      voiceId: 'en-us-olivia',
      aspect: '9:16',
      captions: 'word',
      visualOrder: 'designed',
      music: { enabled: true, track: 'warm-piano' },
    });
    expect(first?.title).toBe('Widget ad');
    expect(second?.request).toMatchObject({ aspect: '16:9', captions: 'line', music: { enabled: false } });
    expect(second?.title).toBe('Meet the Gadget, now $12.');
    expect(first?.credits).toBe(estimateVideoCost('Meet the Widget, now $9.', '720p'));
    expect(plan.totalCredits).toBe((first?.credits ?? 0) + (second?.credits ?? 0));
    expect(plan.totalSeconds).toBe((first?.seconds ?? 0) + (second?.seconds ?? 0));
  });

  it('names each problem by row and column: a voice that does not exist, a bad aspect, an empty placeholder cell', () => {
    const sheet = read('product,voice,aspect,music\nWidget,nobody,4:3,loud\n,,,\nGadget,en-us-olivia,1:1,\n');
    const plan = planBatch(sheet.records, sheet.columns, {
      template: 'Meet {{product}}.',
      settings,
      voiceProblem: (id) => (id === 'en-us-olivia' ? null : 'Choose a voice from the list.'),
    });
    expect(plan.ready).toBe(false);
    expect(plan.rows).toHaveLength(2);
    expect(plan.rows[0]?.problems).toEqual([
      { row: 1, column: 'aspect', message: 'Use 16:9, 9:16, 1:1.' },
      { row: 1, column: 'music', message: expect.stringContaining('Use off, on or a track') },
      { row: 1, column: 'voice', message: 'Choose a voice from the list.' },
    ]);
    expect(plan.rows[0]?.credits).toBe(0);
    expect(plan.rows[1]?.problems).toEqual([]);
    expect(plan.totalCredits).toBe(plan.rows[1]?.credits);
    expect(problemField(plan.rows[0]!.problems[0]!)).toBe('rows[1].aspect');
  });

  it("takes a row's preset under its own columns, prices it at the preset's resolution, and names an unknown one", () => {
    const vertical = BUILT_IN_PRESETS.find((preset) => preset.id === 'builtin-vertical-shorts')!;
    const sheet = read(
      'script,Preset,captions\nA vertical spot.,builtin-vertical-shorts,\nVertical without captions.,builtin-vertical-shorts,off\nPlain row.,,\nLost row.,weekly-shorts,\n',
    );
    const plan = planBatch(sheet.records, sheet.columns, {
      settings,
      presets: (id) => BUILT_IN_PRESETS.find((preset) => preset.id === id)?.settings ?? null,
    });
    const [preset, overridden, plain, unknown] = plan.rows;
    expect(preset?.request).toMatchObject({ ...vertical.settings, script: 'A vertical spot.' });
    expect(preset?.credits).toBe(estimateVideoCost('A vertical spot.', '1080p'));
    // The row's own captions cell wins over its preset's word captions; the rest is still the preset's.
    expect(overridden?.request).toMatchObject({ aspect: '9:16', resolution: '1080p', captions: 'off' });
    expect(plain?.request).toMatchObject({ aspect: '16:9', resolution: '720p', captions: 'line' });
    expect(unknown?.problems).toEqual([{ row: 4, column: 'Preset', message: UNKNOWN_PRESET_MESSAGE }]);
    expect(problemField(unknown!.problems[0]!)).toBe('rows[4].Preset');
    expect(plan.ready).toBe(false);
  });

  it('takes a batch preset or settings, not both', () => {
    const rows = [{ script: 'Hello.' }];
    expect(createBatchRequestSchema.parse({ rows, preset: 'builtin-youtube-landscape' })).toMatchObject({
      preset: 'builtin-youtube-landscape',
    });
    const both = createBatchRequestSchema.safeParse({ rows, preset: 'builtin-youtube-landscape', settings: {} });
    expect(both.error?.issues).toEqual([
      expect.objectContaining({ path: ['preset'], message: PRESET_OR_SETTINGS_MESSAGE }),
    ]);
  });

  it('names a placeholder whose column the sheet lacks, and a cell the template needs that is empty', () => {
    const records = recordsOf([{ product: 'Widget' }, { product: '' }]);
    const plan = planBatch(records, ['product'], { template: 'Meet {{product}}, now {{price}}.', settings });
    expect(plan.problems).toEqual([
      {
        row: null,
        column: 'price',
        message: 'The script template uses {{price}}, but the sheet has no "price" column.',
      },
    ]);
    expect(plan.rows[1]?.problems[0]).toEqual({
      row: 2,
      column: 'product',
      message: 'Empty, but the script template uses {{product}}.',
    });
    expect(problemField(plan.problems[0]!)).toBe('sheet.price');
  });

  it('needs a script column or a template, and a row with neither script nor template text is named', () => {
    const noScript = planBatch(recordsOf([{ title: 'x' }]), ['title'], { settings });
    expect(noScript.problems[0]).toMatchObject({ row: null, column: 'script' });
    const empty = planBatch(recordsOf([{ script: 'Hello there.' }, { script: '   ' }]), ['script'], { settings });
    expect(empty.rows[1]?.problems[0]).toMatchObject({ row: 2, column: 'script' });
    expect(empty.rows[0]?.problems).toEqual([]);
  });

  it('names ZIP entries safely and in row order', () => {
    expect(zipEntryName(3, 'Meet the Widget: now/$9…')).toBe('003 Meet the Widget now $9.mp4');
    expect(zipEntryName(12, '..')).toBe('012 video.mp4');
  });
});
