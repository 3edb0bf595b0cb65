/**
 * A sheet of rows, as people export them from a spreadsheet (CSV) or write them from a script (JSONL): one record
 * per row, keyed by the header's column names. Pure, shared by the create screen's preview and the API, so both read
 * a file the same way and name the same problems.
 *
 * CSV follows RFC 4180: cells separated by commas, a cell in double quotes may hold commas, line breaks and doubled
 * quotes (""); lines end in CRLF or LF; a byte-order mark is dropped; empty lines are skipped. JSONL is one JSON
 * object per line; numbers and booleans become their text, null an empty cell.
 */

/** The largest sheet taken, in bytes of UTF-8, and the most rows (videos) one batch makes. */
export const SHEET_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRows: 100 } as const;

export const SHEET_TOO_LARGE_MESSAGE = 'This file is over 10 MB. Split it into smaller sheets.';
export const tooManyRowsMessage = (max: number = SHEET_LIMITS.maxRows) =>
  `This sheet has more than ${max} rows; a batch makes at most ${max} videos. Split it into several batches.`;

export type SheetFormat = 'csv' | 'jsonl';

/** One row: its number among the sheet's rows (1 = the first row after the header) and its cells by column. */
export interface SheetRecord {
  row: number;
  cells: Record<string, string>;
}

/** A problem with the sheet: `row` and `column` name where, when it is one row's or one column's. */
export interface SheetProblem {
  row: number | null;
  column: string | null;
  message: string;
}

export type SheetResult =
  | { ok: true; format: SheetFormat; columns: string[]; records: SheetRecord[]; problems: SheetProblem[] }
  | { ok: false; error: string };

/** UTF-8 length without allocating the encoded bytes (a 10 MB sheet is checked before it is read). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** JSONL when the first thing in the file is a JSON object, else CSV; a file name's extension decides first. */
export function detectFormat(text: string, fileName?: string): SheetFormat {
  const ext = fileName?.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonl';
  if (ext === 'csv') return 'csv';
  return /^\uFEFF?\s*\{/.test(text) ? 'jsonl' : 'csv';
}

class SheetFailure extends Error {}

/** The cells of each non-empty CSV line, with the 1-based line each starts on; stops past `maxLines`. */
function csvLines(text: string, maxLines: number): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  let lineNo = 1;
  let quoteLine = 0;
  const endLine = () => {
    cells.push(cell);
    // Empty lines, and lines of empty cells (",,,"), are skipped: spreadsheets leave them between blocks and at the end.
    if (cells.some((value) => value.trim() !== '')) lines.push(cells);
    if (lines.length > maxLines) throw new SheetFailure(tooManyRowsMessage(maxLines - 1));
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n') lineNo++;
        cell += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && cell === '') {
      quoted = true;
      quoteLine = lineNo;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      endLine();
      lineNo++;
      i++;
    } else if (ch === '\n' || ch === '\r') {
      endLine();
      lineNo++;
    } else cell += ch;
    i++;
  }
  if (quoted) throw new SheetFailure(`Line ${quoteLine}: a quoted cell never ends (a closing " is missing).`);
  if (cell !== '' || cells.length > 0) endLine();
  return lines;
}

function readCsv(text: string, maxRows: number) {
  const lines = csvLines(text, maxRows + 1);
  const header = lines.shift();
  if (!header) throw new SheetFailure('This sheet is empty: put the column names on the first line.');
  const columns = header.map((name) => name.trim());
  const blank = columns.indexOf('');
  if (blank >= 0) throw new SheetFailure(`Column ${blank + 1} has no name on the first line.`);
  const twice = columns.find((name, i) => columns.indexOf(name) !== i);
  if (twice) throw new SheetFailure(`The column "${twice}" appears twice on the first line.`);
  const problems: SheetProblem[] = [];
  const records = lines.map((cells, index): SheetRecord => {
    const row = index + 1;
    if (cells.length > columns.length)
      problems.push({
        row,
        column: null,
        message: `This row has ${cells.length} cells but the sheet has ${columns.length} columns; put cells with commas in double quotes.`,
      });
    return { row, cells: Object.fromEntries(columns.map((name, i) => [name, cells[i] ?? ''])) };
  });
  return { columns, records, problems };
}

function cellText(value: unknown): string | undefined {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function readJsonl(text: string, maxRows: number) {
  const columns: string[] = [];
  const problems: SheetProblem[] = [];
  const records: SheetRecord[] = [];
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() === '') continue;
    const row = records.length + 1;
    if (row > maxRows) throw new SheetFailure(tooManyRowsMessage(maxRows));
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const cells: Record<string, string> = {};
    records.push({ row, cells });
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      problems.push({ row, column: null, message: 'This line is not a JSON object like {"script": "…"}.' });
      continue;
    }
    for (const [key, raw] of Object.entries(value)) {
      const name = key.trim();
      if (!columns.includes(name)) columns.push(name);
      const text = cellText(raw);
      if (text === undefined)
        problems.push({ row, column: name, message: 'Use text, a number or true/false here, not a list or object.' });
      cells[name] = text ?? '';
    }
  }
  if (records.length === 0) throw new SheetFailure('This sheet is empty: write one JSON object per line.');
  return { columns, records, problems };
}

/**
 * Reads a sheet. Whole-file problems (too large, too many rows, no header, a quote never closed) answer
 * `{ ok: false, error }`; a row's own problems are listed with the rows, so the rest can still be previewed.
 */
export function readSheet(
  text: string,
  options: { format?: SheetFormat; fileName?: string; maxRows?: number; maxBytes?: number } = {},
): SheetResult {
  const maxBytes = options.maxBytes ?? SHEET_LIMITS.maxBytes;
  if (text.length > maxBytes || utf8Length(text) > maxBytes) return { ok: false, error: SHEET_TOO_LARGE_MESSAGE };
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const format = options.format ?? detectFormat(body, options.fileName);
  try {
    const read = (format === 'jsonl' ? readJsonl : readCsv)(body, options.maxRows ?? SHEET_LIMITS.maxRows);
    return { ok: true, format, ...read };
  } catch (error) {
    if (error instanceof SheetFailure) return { ok: false, error: error.message };
    throw error;
  }
}
