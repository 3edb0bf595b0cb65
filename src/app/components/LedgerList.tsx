/**
 * A user's credit ledger, newest first, filtered by category in the user's terms, paged, with a CSV export of what
 * the filter shows (always one row per entry). The billing page lists the signed-in user's as lines, one per thing
 * they did with its holds and settlements folded in and shown on request; the operator console any user's raw rows.
 */
import { useId, useState } from 'react';
import type { LedgerEntry, LedgerLine } from '~/contract/api';
import {
  LEDGER_CATEGORIES,
  LEDGER_CATEGORY_LABELS,
  LEDGER_KIND_WORDS,
  type LedgerCategory,
  ledgerCategory,
  ledgerCsvFileName,
} from '~/contract/ledger';
import { ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { downloadBlob } from './files';
import { formatDate } from './format';
import { HistoryList } from './HistoryList';
import { useHistory } from './history';
import { Icon } from './Icon';
import { Spinner } from './Spinner';

const signed = (n: number): string =>
  n > 0 ? `+${n.toLocaleString('en-US')}` : n < 0 ? `−${(-n).toLocaleString('en-US')}` : '0';

/** The change to the spendable balance first; a row that only moves held credits (a capture) shows that instead. */
function amounts(entry: LedgerEntry): { main: string; held: string | null } {
  if (entry.delta === 0 && entry.reservedDelta !== 0)
    return { main: `${signed(entry.reservedDelta)} held`, held: null };
  return { main: signed(entry.delta), held: entry.reservedDelta === 0 ? null : `${signed(entry.reservedDelta)} held` };
}

/** What became of a line's held credits, in words, beside its amount. */
function lineState(line: LedgerLine): string | null {
  if (line.state === 'held') return `In progress · ${line.held.toLocaleString('en-US')} held`;
  if (line.state === 'returned') return 'Not charged · held credits returned';
  return null;
}

function LineRow({ line }: { line: LedgerLine }) {
  const state = lineState(line);
  return (
    <li className="py-3" data-testid="ledger-line">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="break-words text-fg">{line.label}</p>
          <p className="mt-0.5 text-xs text-fg-subtle">
            <time dateTime={line.updatedAt}>{formatDate(line.updatedAt)}</time>
            {state ? ` · ${state}` : null}
          </p>
        </div>
        <p className={`shrink-0 font-semibold tabular-nums ${line.amount > 0 ? 'text-emerald-300' : 'text-fg'}`}>
          {signed(line.amount)}
          <span className="sr-only"> credits</span>
        </p>
      </div>
      {line.entries.length > 1 ? (
        <details className="group mt-1">
          <summary className="w-fit cursor-pointer text-xs text-brand-300 hover:underline">
            {line.entries.length} entries<span className="sr-only"> of {line.label}</span>
          </summary>
          <ul className="mt-1 border-l border-white/10 pl-3" aria-label={`Entries of ${line.label}`}>
            {line.entries.map((entry) => (
              <LedgerRow key={entry.id} entry={entry} compact />
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

function LedgerRow({ entry, compact = false }: { entry: LedgerEntry; compact?: boolean }) {
  const category = ledgerCategory(entry.kind, entry.delta);
  const { main, held } = amounts(entry);
  return (
    <li className={`flex items-start justify-between gap-4 ${compact ? 'py-1.5 text-sm' : 'py-3'}`}>
      <div className="min-w-0">
        <p className={`break-words ${compact ? 'text-fg-muted' : 'text-fg'}`}>
          {compact ? LEDGER_KIND_WORDS[entry.kind] : entry.reason}
        </p>
        <p className="mt-0.5 text-xs text-fg-subtle">
          <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
          {compact ? ` · ${entry.reason}` : category ? ` · ${LEDGER_CATEGORY_LABELS[category]}` : null}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={`font-semibold tabular-nums ${entry.delta > 0 ? 'text-emerald-300' : 'text-fg'}`}>{main}</p>
        {held ? <p className="text-xs tabular-nums text-fg-subtle">{held}</p> : null}
      </div>
    </li>
  );
}

/** `lines`: one line per thing the user did (`GET <path>/lines`); otherwise every entry as it was written. */
export function LedgerList({ path, lines = false }: { path: string; lines?: boolean }) {
  const [category, setCategory] = useState<LedgerCategory | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const history = useHistory<LedgerEntry | LedgerLine>(lines ? `${path}/lines` : path, 20, {
    query: { category },
    listKey: lines ? 'lines' : 'entries',
  });
  const filterId = useId();
  const headingId = useId();

  async function exportCsv() {
    setExporting(true);
    try {
      const response = await api.send(`${path}.csv${category ? `?category=${category}` : ''}`);
      if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
      downloadBlob(await response.blob(), ledgerCsvFileName(new Date(), category));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  }

  return (
    <section className="card card-pad grid gap-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold text-fg">
          Ledger
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor={filterId} className="text-xs font-medium text-fg-muted">
              Show
            </label>
            <select
              id={filterId}
              className="input py-1.5"
              value={category ?? ''}
              onChange={(event) => setCategory((event.target.value || undefined) as LedgerCategory | undefined)}
            >
              <option value="">All entries</option>
              {LEDGER_CATEGORIES.map((value) => (
                <option key={value} value={value}>
                  {LEDGER_CATEGORY_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void exportCsv()}
            disabled={exporting}
          >
            {exporting ? <Spinner /> : <Icon name="download" className="size-4" />}
            Download CSV
          </button>
        </div>
      </div>
      <HistoryList
        history={history}
        loading="Loading the ledger…"
        failed="The ledger couldn't be loaded."
        empty={category ? 'No entries of this kind yet.' : 'No entries yet.'}
      >
        {(items) =>
          lines ? (
            <ul className="divide-y divide-white/10" aria-label="Ledger lines">
              {(items as LedgerLine[]).map((line) => (
                <LineRow key={line.id} line={line} />
              ))}
            </ul>
          ) : (
            <ul className="divide-y divide-white/10" aria-label="Ledger entries">
              {(items as LedgerEntry[]).map((entry) => (
                <LedgerRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )
        }
      </HistoryList>
    </section>
  );
}
