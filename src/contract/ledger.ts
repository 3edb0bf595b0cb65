/**
 * The ledger in the user's terms: the filter categories of the billing page and the CSV export. Kinds are the
 * server's bookkeeping (a job reserves, then captures or releases); a person asks "what was I given, what did I
 * buy, what did I spend". Pure rules, shared by the browser (labels, file name) and the server (SQL filter, CSV).
 */

/** `refund` takes back the credits of a refunded purchase (a row of 0 records a shortfall the balance could not cover). */
export const LEDGER_KINDS = ['grant', 'reserve', 'capture', 'release', 'purchase', 'refund', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Each kind in a line's detail, where the line already says what the credits were for. */
export const LEDGER_KIND_WORDS: Record<LedgerKind, string> = {
  grant: 'Granted',
  reserve: 'Held',
  capture: 'Charged from the hold',
  release: 'Returned from the hold',
  purchase: 'Added',
  refund: 'Taken back',
  adjust: 'Adjusted by support',
};

/**
 * `deductions` holds the one kind-and-sign the issue's five categories leave out: an operator taking credits back
 * (a negative `adjust`). Without it those rows would appear under no filter at all.
 */
export const LEDGER_CATEGORIES = ['grants', 'purchases', 'spends', 'refunds', 'holds', 'deductions'] as const;
export type LedgerCategory = (typeof LEDGER_CATEGORIES)[number];

export const LEDGER_CATEGORY_LABELS: Record<LedgerCategory, string> = {
  grants: 'Grants',
  purchases: 'Purchases',
  spends: 'Spends',
  refunds: 'Refunds',
  holds: 'Holds',
  deductions: 'Deductions',
};

/** Which rows a category holds: a kind, and for `adjust` the sign of its balance change. */
export interface CategoryRule {
  kind: LedgerKind;
  sign?: 'positive' | 'negative';
}

export const CATEGORY_RULES: Record<LedgerCategory, readonly CategoryRule[]> = {
  grants: [{ kind: 'grant' }, { kind: 'adjust', sign: 'positive' }],
  purchases: [{ kind: 'purchase' }],
  spends: [{ kind: 'capture' }],
  refunds: [{ kind: 'refund' }],
  holds: [{ kind: 'reserve' }, { kind: 'release' }],
  deductions: [{ kind: 'adjust', sign: 'negative' }],
};

const fits = (rule: CategoryRule, kind: LedgerKind, delta: number): boolean =>
  rule.kind === kind && (rule.sign === undefined || (rule.sign === 'positive' ? delta > 0 : delta < 0));

/** The category a row is listed under, or undefined for a row no filter shows (an `adjust` of 0, which nothing writes). */
export function ledgerCategory(kind: LedgerKind, delta: number): LedgerCategory | undefined {
  return LEDGER_CATEGORIES.find((category) => CATEGORY_RULES[category].some((rule) => fits(rule, kind, delta)));
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  // A leading =, +, - or @ makes spreadsheets run the cell as a formula; a quote mark in front keeps it text.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const LEDGER_CSV_HEADER = [
  'Date (UTC)',
  'Category',
  'Kind',
  'Credits',
  'Reserved credits',
  'Description',
  'Job',
  'Entry',
];

/** A ledger entry as the API sends it (api.ts `LedgerEntry`). */
export interface LedgerRow {
  id: string;
  kind: LedgerKind;
  delta: number;
  reservedDelta: number;
  reason: string;
  jobId: string | null;
  createdAt: string;
}

/** One line of the export, CRLF-terminated as RFC 4180 asks. */
export function ledgerCsvLine(entry: LedgerRow): string {
  const category = ledgerCategory(entry.kind, entry.delta);
  const fields = [
    entry.createdAt,
    category ? LEDGER_CATEGORY_LABELS[category] : '',
    entry.kind,
    entry.delta,
    entry.reservedDelta,
    entry.reason,
    entry.jobId,
    entry.id,
  ];
  return `${fields.map(csvField).join(',')}\r\n`;
}

export const ledgerCsvHeader = (): string => `${LEDGER_CSV_HEADER.map(csvField).join(',')}\r\n`;

/** `nxn-ledger-grants-2026-11-23.csv`: the day the file was made, and the filter when one was chosen. */
export function ledgerCsvFileName(now: Date, category?: LedgerCategory): string {
  return `nxn-ledger-${category ? `${category}-` : ''}${now.toISOString().slice(0, 10)}.csv`;
}

// ---------------------------------------------------------------------------------------------------------------
// Lines: the billing page shows one line per thing the user did, the rows that moved its credits folded into it.

/**
 * Which line a row belongs to. A job's rows (hold, capture, release) share its id; rows written outside jobs share
 * their idempotency key up to the settlement's own suffix: `gpu:<rental>:…` (every settlement of one rental),
 * `script:<id>:reserve|settle`, `stripe:<session>:credit` (the purchase). Each refund of a purchase is a line of its
 * own (`stripe:<session>:refund:<amount>`, its shortfall row folded in), since it happens later and takes credits
 * away. Anything else (the signup grant, an operator's change) is a line by itself. `credits/lines.ts` pages by the
 * same rule in SQL; an integration test checks that both agree.
 */
export function ledgerGroupKey(row: { id: string; jobId: string | null; idempotencyKey: string | null }): string {
  if (row.jobId !== null) return `job:${row.jobId}`;
  const [prefix = '', subject = '', step = '', amount = ''] = (row.idempotencyKey ?? '').split(':');
  if (subject && (prefix === 'gpu' || prefix === 'script')) return `${prefix}:${subject}`;
  if (subject && prefix === 'stripe' && step === 'credit') return `stripe:${subject}`;
  if (subject && prefix === 'stripe' && step === 'refund') return `stripe:${subject}:refund:${amount}`;
  return `entry:${row.id}`;
}

/** What a line is about, read by the server from the rows its key names (a video, a rental, a purchase...). */
export type LineSubject =
  | { source: 'videos' | 'speech' | 'images' | 'scripts' | 'watermark'; name: string | null }
  | { source: 'gpu'; gpuCount: number; gpuModel: string; minutes: number }
  | { source: 'payments'; packName: string };

const SUBJECT_NOUN = {
  videos: 'Video',
  speech: 'Voice-over',
  images: 'Image',
  scripts: 'Script',
  watermark: 'Watermark removal',
} as const;
const NAME_CHARS = 60;

/** A name on one line: spaces collapsed, cut at a word with an ellipsis past `max` characters. */
export function shortName(text: string, max = NAME_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  // Cut inside a word: back to the space before it (unless that loses half the name).
  const space = flat[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** `1 h 5 min`, `42 min`: how long a rental ran. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The line's name. Without a subject (the video was deleted since) the newest row's own description stands in. */
export function lineLabel(key: string, subject: LineSubject | undefined, fallback: string): string {
  if (!subject) return key.startsWith('entry:') ? fallback : shortName(fallback);
  switch (subject.source) {
    case 'gpu':
      return `GPU rental · ${subject.gpuCount}× ${subject.gpuModel} · ${formatMinutes(subject.minutes)}`;
    case 'payments':
      return key.includes(':refund:') ? `Refund · ${subject.packName} pack` : `${subject.packName} pack`;
    default: {
      const noun = SUBJECT_NOUN[subject.source];
      const name = subject.name?.trim() ? shortName(subject.name) : '';
      return name ? `${noun} · ${name}` : noun;
    }
  }
}

/**
 * `held`: credits are still set aside (work in progress, a running machine). `returned`: everything held came
 * back, nothing was charged (a failed or cancelled job). `settled`: anything else, the amount is final.
 */
export type LineState = 'held' | 'returned' | 'settled';

/** A row as the grouping reads it: the entry and the key it was written under (never sent to the browser). */
export interface GroupableRow extends LedgerRow {
  idempotencyKey: string | null;
}

export interface LedgerLineShape {
  /** The group key; stable while the line grows. */
  id: string;
  label: string;
  /** The net change to the spendable balance: what was taken and not given back, or what was added. */
  amount: number;
  /** Of that, credits still held (returned if the work fails or the machine is stopped early). */
  held: number;
  state: LineState;
  /** The first and the latest row's time; lines are listed by their latest row, newest first. */
  startedAt: string;
  updatedAt: string;
  /** The raw rows, oldest first, for the line's detail. */
  entries: LedgerRow[];
}

const byId = (a: LedgerRow, b: LedgerRow): number => Number(a.id) - Number(b.id);

/** One line from the rows of one key. */
export function ledgerLine(
  key: string,
  rows: readonly GroupableRow[],
  subject: LineSubject | undefined,
): LedgerLineShape {
  const entries = rows.map(({ idempotencyKey: _key, ...entry }) => entry).sort(byId);
  const amount = entries.reduce((sum, e) => sum + e.delta, 0);
  const held = entries.reduce((sum, e) => sum + e.reservedDelta, 0);
  const reserved = entries.some((e) => e.kind === 'reserve');
  const state: LineState = held > 0 ? 'held' : reserved && amount === 0 ? 'returned' : 'settled';
  const first = entries[0]!;
  const last = entries.at(-1)!;
  // An operator's change reads as one, with the reason they gave.
  const fallback = last.kind === 'adjust' ? `Adjustment · ${last.reason}` : last.reason;
  return {
    id: key,
    label: lineLabel(key, subject, fallback),
    amount,
    held,
    state,
    startedAt: first.createdAt,
    updatedAt: last.createdAt,
    entries,
  };
}

/**
 * The grouping rule: rows (newest first) folded into lines by `ledgerGroupKey`, in the order of each line's newest
 * row, named from `subjects` (keyed by group key).
 */
export function groupLedger(
  rows: readonly GroupableRow[],
  subjects: ReadonlyMap<string, LineSubject>,
): LedgerLineShape[] {
  const groups = new Map<string, GroupableRow[]>();
  for (const row of [...rows].sort((a, b) => byId(b, a))) {
    const key = ledgerGroupKey(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return [...groups].map(([key, members]) => ledgerLine(key, members, subjects.get(key)));
}
