/**
 * "From a sheet" on the create screen: a CSV or JSONL file (or rows pasted), an optional script template with
 * {{column}} placeholders, and before anything starts a preview of every row: its estimated length and credits
 * (the contract's own pricing), its problems by column, and the total. The batch starts only when nothing is wrong
 * and the balance covers the total; otherwise the top-up dialog is one click away.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { handleStudioError } from '~/app/components/request-errors';
import { Spinner } from '~/app/components/Spinner';
import {
  type BatchPage,
  type BatchPlan,
  type BatchRecord,
  type BatchSettings,
  batchPageSchema,
  batchRecordSchema,
  planBatch,
} from '~/contract/batches';
import { readSheet, SHEET_LIMITS, SHEET_TOO_LARGE_MESSAGE, type SheetResult } from '~/contract/sheet';
import { formatDuration } from '~/contract/video';
import { isVoiceAvailable, UNKNOWN_VOICE_MESSAGE, unavailableVoiceMessage } from '~/contract/voices';
import { ApiError, api } from '~/lib/api/client';
import { $account, refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { $voices, loadVoices } from '~/stores/voices';
import { TableHead } from './TableHead';

const lines = (text: string) => text.replace(/\r\n?/g, '\n');

const EXAMPLE = 'product,price,voice\nthe Widget,$9,\nthe Gadget,$12,';

/** The voice list's verdict on a voice id, as the API gives it. */
function useVoiceProblem() {
  const voices = useStore($voices);
  useEffect(() => void loadVoices(), []);
  return useMemo(() => {
    const byId = new Map(voices.voices.map((voice) => [voice.id, voice]));
    return (id: string): string | null => {
      const voice = byId.get(id);
      if (!voice) return UNKNOWN_VOICE_MESSAGE;
      return isVoiceAvailable(voice, voices.configured) ? null : unavailableVoiceMessage(voice);
    };
  }, [voices]);
}

function PreviewTable({ plan }: { plan: BatchPlan }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-white/10">
      <table className="w-full text-left text-sm" aria-label="Batch preview">
        <TableHead columns={['Row', 'Title', 'Length', 'Credits', 'Problems']} />
        <tbody>
          {plan.rows.map((row) => (
            <tr key={row.row} className="border-t border-white/10" data-testid="preview-row">
              <td className="px-3 py-2 tabular-nums">{row.row}</td>
              <td className="max-w-72 truncate px-3 py-2">{row.title}</td>
              <td className="px-3 py-2 tabular-nums">{row.request ? formatDuration(row.seconds) : '—'}</td>
              <td className="px-3 py-2 tabular-nums">{row.request ? row.credits : '—'}</td>
              <td className="px-3 py-2 text-danger">
                {row.problems.map((problem) => (
                  <p key={`${problem.column}:${problem.message}`}>
                    {problem.column ? <strong>{problem.column}: </strong> : null}
                    {problem.message}
                  </p>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sheet's file or pasted text, and the script template its rows fill. */
function SheetInputs({
  text,
  fileName,
  template,
  onFile,
  onPaste,
  onTemplate,
}: {
  text: string;
  fileName: string | null;
  template: string;
  onFile: (file: File | undefined) => void;
  onPaste: (text: string) => void;
  onTemplate: (template: string) => void;
}) {
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <label className="btn btn-secondary btn-sm cursor-pointer">
          <Icon name="upload" className="size-4" />
          Upload CSV or JSONL
          <input
            type="file"
            className="sr-only"
            accept=".csv,.jsonl,.ndjson,.txt,text/csv,text/plain"
            data-testid="sheet-file"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
        </label>
        {fileName ? <span className="text-sm text-fg-muted">{fileName}</span> : null}
      </div>
      <Field label="Or paste rows" hint="CSV with a header line, or one JSON object per line." optional>
        {(props) => (
          <textarea
            {...props}
            className="input !min-h-32 font-mono text-sm"
            value={text}
            placeholder={EXAMPLE}
            onChange={(event) => onPaste(event.target.value)}
          />
        )}
      </Field>
      <Field
        label="Script template"
        hint="Used for rows without a script cell, e.g. “Meet {{product}}, now {{price}}.”"
        optional
      >
        {(props) => (
          <textarea
            {...props}
            className="input !min-h-20"
            value={template}
            placeholder="Meet {{product}}, now {{price}}."
            onChange={(event) => onTemplate(event.target.value)}
          />
        )}
      </Field>
    </>
  );
}

/** The user's latest batches, to go back to one's page. */
function RecentBatches() {
  const [page, setPage] = useState<BatchPage | null>(null);
  useEffect(() => {
    api
      .get<BatchPage>('/batches?limit=5', { parse: (data) => batchPageSchema.parse(data) })
      .then(setPage, () => undefined);
  }, []);
  if (!page || page.items.length === 0) return null;
  return (
    <nav aria-label="Your latest batches" className="grid gap-1 text-sm">
      <h3 className="font-semibold text-fg">Your latest batches</h3>
      <ul className="grid gap-1">
        {page.items.map((batch) => (
          <li key={batch.id}>
            <Link className="link" to={`/nxn-agent/batch/${batch.id}`}>
              {batch.name}
            </Link>{' '}
            <span className="text-fg-muted">
              · {batch.counts.succeeded} of {batch.counts.total} ready
              {batch.status === 'running' ? ' · running' : ''}
            </span>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SheetBatch({ settings }: { settings: BatchSettings & { voiceId: string } }) {
  const navigate = useNavigate();
  const account = useStore($account);
  const voiceProblem = useVoiceProblem();
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [template, setTemplate] = useState('');
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const idempotencyKey = useRef(crypto.randomUUID());

  const sheet: SheetResult | null = text.trim() ? readSheet(text, fileName ? { fileName } : {}) : null;
  const plan =
    sheet?.ok === true
      ? (() => {
          const planned = planBatch(sheet.records, sheet.columns, { template, settings, voiceProblem });
          return {
            ...planned,
            problems: [...sheet.problems, ...planned.problems],
            ready: planned.ready && sheet.problems.length === 0,
          };
        })()
      : null;
  const balance = account?.credits.balance ?? null;
  const short = plan && balance !== null ? Math.max(0, plan.totalCredits - balance) : 0;

  const settingsKey = JSON.stringify(settings);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs are the reason it runs
  useEffect(() => {
    // Another sheet, template or setting is another batch, not a repeat of one that may have got through.
    idempotencyKey.current = crypto.randomUUID();
    setServerErrors({});
  }, [text, template, settingsKey]);

  async function readFile(file: File | undefined) {
    if (!file) return;
    if (file.size > SHEET_LIMITS.maxBytes) {
      setFileName(file.name);
      setText('');
      setServerErrors({ file: SHEET_TOO_LARGE_MESSAGE });
      return;
    }
    setFileName(file.name);
    setText(await file.text());
  }

  async function start() {
    if (!plan?.ready || !sheet?.ok) return;
    if (short > 0) {
      openTopUp({ shortBy: short });
      return;
    }
    setBusy(true);
    try {
      const batch = await api.post<BatchRecord>(
        '/batches',
        {
          ...(fileName ? { name: fileName.replace(/\.[a-z0-9]+$/i, '') } : {}),
          ...(template.trim() ? { template } : {}),
          settings,
          rows: sheet.records.map((record) => record.cells),
        },
        { headers: { 'Idempotency-Key': idempotencyKey.current }, parse: (data) => batchRecordSchema.parse(data) },
      );
      void refreshAccount();
      navigate(`/nxn-agent/batch/${batch.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        void refreshAccount();
        openTopUp(short > 0 ? { shortBy: short } : {});
      } else setServerErrors(handleStudioError(error));
    } finally {
      setBusy(false);
    }
  }

  const sheetProblems = [
    ...(sheet && !sheet.ok ? [sheet.error] : []),
    ...(plan?.problems.map((p) =>
      p.row
        ? `Row ${p.row}${p.column ? `, ${p.column}` : ''}: ${p.message}`
        : `${p.column ? `${p.column}: ` : ''}${p.message}`,
    ) ?? []),
    ...Object.entries(serverErrors).map(([field, message]) => `${field}: ${message}`),
  ];
  const badRows = plan?.rows.filter((row) => row.problems.length > 0).length ?? 0;

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="sheet-title">
      <h2 id="sheet-title" className="text-lg font-semibold text-fg">
        Rows from a sheet
      </h2>
      <p className="text-sm text-fg-muted">
        One video per row. A <code>script</code> column, or a script template below with <code>{'{{column}}'}</code>{' '}
        placeholders; optional <code>title</code>, <code>voice</code>, <code>aspect</code>, <code>captions</code>,{' '}
        <code>music</code> and <code>visual order</code> columns change that row. Every other setting comes from the
        steps below. Up to {SHEET_LIMITS.maxRows} rows and 10 MB.
      </p>
      <SheetInputs
        text={text}
        fileName={fileName}
        template={template}
        onFile={(file) => void readFile(file)}
        onPaste={(pasted) => {
          // The text box hands a file's CRLF lines back as LF: only other rows are a paste rather than the file.
          if (lines(pasted) !== lines(text)) setFileName(null);
          setText(pasted);
        }}
        onTemplate={setTemplate}
      />
      {sheetProblems.length > 0 ? (
        <ul
          className="grid gap-1 rounded-xl border border-danger/30 bg-danger/10 px-3 py-2 text-sm text-danger"
          role="alert"
        >
          {sheetProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {plan && plan.rows.length > 0 ? (
        <>
          <PreviewTable plan={plan} />
          <p className="text-sm text-fg" data-testid="batch-total" aria-live="polite">
            {plan.rows.length} {plan.rows.length === 1 ? 'video' : 'videos'} · about {formatDuration(plan.totalSeconds)}{' '}
            in all · <strong>{plan.totalCredits} credits</strong>
            {badRows > 0 ? ` · ${badRows} ${badRows === 1 ? 'row needs' : 'rows need'} fixing` : ''}
            {balance !== null ? ` · you have ${balance}` : ''}
          </p>
        </>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" disabled={!plan?.ready || busy} onClick={() => void start()}>
          {busy ? <Spinner /> : <Icon name="play" className="size-4" />}
          {plan?.ready && short > 0
            ? `Top up ${short} credits to start`
            : `Start batch${plan?.ready ? ` · ${plan.totalCredits} credits` : ''}`}
        </button>
      </div>
      <RecentBatches />
    </section>
  );
}
