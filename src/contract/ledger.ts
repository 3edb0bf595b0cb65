/**
 * The ledger in the user's terms: the filter categories of the billing page and the CSV export. Kinds are the
 * server's bookkeeping (a job reserves, then captures or releases); a person asks "what was I given, what did I
 * buy, what did I spend". Pure rules, shared by the browser (labels, file name) and the server (SQL filter, CSV).
 */

/** `refund` takes back the credits of a refunded purchase (a row of 0 records a shortfall the balance could not cover). */
export const LEDGER_KINDS = ['grant', 'reserve', 'capture', 'release', 'purchase', 'refund', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

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

export const LEDGER_CSV_HEADER = ['Date (UTC)', 'Category', 'Kind', 'Credits', 'Reserved credits', 'Description', 'Job', 'Entry'];

/** A ledger entry as the API sends it (api.ts `LedgerEntry`). */
interface LedgerLine {
  id: string;
  kind: LedgerKind;
  delta: number;
  reservedDelta: number;
  reason: string;
  jobId: string | null;
  createdAt: string;
}

/** One line of the export, CRLF-terminated as RFC 4180 asks. */
export function ledgerCsvLine(entry: LedgerLine): string {
  const category = ledgerCategory(entry.kind, entry.delta);
  const fields = [entry.createdAt, category ? LEDGER_CATEGORY_LABELS[category] : '', entry.kind, entry.delta, entry.reservedDelta, entry.reason, entry.jobId, entry.id];
  return `${fields.map(csvField).join(',')}\r\n`;
}

export const ledgerCsvHeader = (): string => `${LEDGER_CSV_HEADER.map(csvField).join(',')}\r\n`;

/** `nxn-ledger-grants-2026-11-23.csv`: the day the file was made, and the filter when one was chosen. */
export function ledgerCsvFileName(now: Date, category?: LedgerCategory): string {
  return `nxn-ledger-${category ? `${category}-` : ''}${now.toISOString().slice(0, 10)}.csv`;
}
