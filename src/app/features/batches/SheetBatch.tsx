/**
 * "From a sheet" on the create screen: a CSV or JSONL file (or rows pasted), an optional script template with
 * {{column}} placeholders, and before anything starts a preview of every row: its estimated length and credits
 * (the contract's own pricing), its problems by column, and the total. The batch starts only when nothing is wrong
 * and the balance covers the total; otherwise the top-up dialog is one click away. A preset (built-in or saved) may
 * stand for every row's settings instead of the form's steps; a row's own `preset` column names another.
 */
import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { handleStudioError } from '~/app/components/request-errors';
import { Spinner } from '~/app/components/Spinner';
import { type BatchPlan, type BatchRecord, type BatchSettings, batchRecordSchema } from '~/contract/batches';
import { presetNamed } from '~/contract/presets';
import { readSheet, SHEET_LIMITS, SHEET_TOO_LARGE_MESSAGE, type SheetResult } from '~/contract/sheet';
import { formatDuration } from '~/contract/video';
import { isVoiceAvailable, UNKNOWN_VOICE_MESSAGE, unavailableVoiceMessage } from '~/contract/voices';
import { ApiError, api } from '~/lib/api/client';
import { $account, refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { $voices, loadVoices } from '~/stores/voices';
import { BatchPresetSelect, usePresets } from './BatchPresetSelect';
import { PreviewTable } from './PreviewTable';
import { RecentBatches } from './RecentBatches';
import { SheetInputs } from './SheetInputs';
import { planSheet, problemLines } from './sheet-plan';

const lines = (text: string) => text.replace(/\r\n?/g, '\n');

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

/** The batch in one line: how many videos, how long, what it costs, how many rows need fixing, the balance. */
function BatchTotal({ plan, balance }: { plan: BatchPlan; balance: number | null }) {
  const badRows = plan.rows.filter((row) => row.problems.length > 0).length;
  return (
    <p className="text-sm text-fg" data-testid="batch-total" aria-live="polite">
      {plan.rows.length} {plan.rows.length === 1 ? 'video' : 'videos'} · about {formatDuration(plan.totalSeconds)} in
      all · <strong>{plan.totalCredits} credits</strong>
      {badRows > 0 ? ` · ${badRows} ${badRows === 1 ? 'row needs' : 'rows need'} fixing` : ''}
      {balance !== null ? ` · you have ${balance}` : ''}
    </p>
  );
}

/** Starting the batch: a top-up first when the balance is short, then the batch's page. */
function useStartBatch(
  batch: {
    sheet: SheetResult | null;
    plan: BatchPlan | null;
    short: number;
    fileName: string | null;
    template: string;
    settings: BatchSettings & { voiceId: string };
    /** The batch-wide preset's id, sent instead of the settings. */
    presetId: string | null;
  },
  idempotencyKey: RefObject<string>,
  setServerErrors: (errors: Record<string, string>) => void,
) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function start() {
    const { sheet, plan, short, fileName, template, settings, presetId } = batch;
    if (!plan?.ready || !sheet?.ok) return;
    if (short > 0) {
      openTopUp({ shortBy: short });
      return;
    }
    setBusy(true);
    try {
      const made = await api.post<BatchRecord>(
        '/batches',
        {
          ...(fileName ? { name: fileName.replace(/\.[a-z0-9]+$/i, '') } : {}),
          ...(template.trim() ? { template } : {}),
          ...(presetId ? { preset: presetId } : { settings }),
          rows: sheet.records.map((record) => record.cells),
        },
        { headers: { 'Idempotency-Key': idempotencyKey.current }, parse: (data) => batchRecordSchema.parse(data) },
      );
      void refreshAccount();
      navigate(`/nxn-agent/batch/${made.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) {
        void refreshAccount();
        openTopUp(short > 0 ? { shortBy: short } : {});
      } else setServerErrors(handleStudioError(error));
    } finally {
      setBusy(false);
    }
  }

  return { busy, start };
}

/** What a sheet may hold. */
function SheetHelp() {
  return (
    <p className="text-sm text-fg-muted">
      One video per row. A <code>script</code> column, or a script template below with <code>{'{{column}}'}</code>{' '}
      placeholders; optional <code>title</code>, <code>preset</code> (a preset's name or id), <code>voice</code>,{' '}
      <code>aspect</code>, <code>captions</code>, <code>music</code> and <code>visual order</code> columns change that
      row. Every other setting comes from the preset below or the steps under it. Up to {SHEET_LIMITS.maxRows} rows and
      10 MB.
    </p>
  );
}

export function SheetBatch({ settings }: { settings: BatchSettings & { voiceId: string } }) {
  const account = useStore($account);
  const voiceProblem = useVoiceProblem();
  const presets = usePresets();
  const [presetId, setPresetId] = useState('');
  const [text, setText] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [template, setTemplate] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const idempotencyKey = useRef(crypto.randomUUID());

  const presetOf = (idOrName: string) => presetNamed(presets ?? [], idOrName)?.settings ?? null;
  const batchPreset = presetId ? presetOf(presetId) : null;
  const sheet: SheetResult | null = text.trim() ? readSheet(text, fileName ? { fileName } : {}) : null;
  const plan =
    sheet?.ok === true
      ? planSheet(sheet, { template, settings: batchPreset ?? settings, voiceProblem, presets: presetOf })
      : null;
  const balance = account?.credits.balance ?? null;
  const short = plan && balance !== null ? Math.max(0, plan.totalCredits - balance) : 0;
  const { busy, start } = useStartBatch(
    { sheet, plan, short, fileName, template, settings, presetId: batchPreset ? presetId : null },
    idempotencyKey,
    setServerErrors,
  );

  const settingsKey = JSON.stringify(settings);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the inputs are the reason it runs
  useEffect(() => {
    // Another sheet, template or setting is another batch, not a repeat of one that may have got through.
    idempotencyKey.current = crypto.randomUUID();
    setServerErrors({});
  }, [text, template, settingsKey, presetId]);

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

  const sheetProblems = problemLines(sheet, plan, serverErrors);

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="sheet-title">
      <h2 id="sheet-title" className="text-lg font-semibold text-fg">
        Rows from a sheet
      </h2>
      <SheetHelp />
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
      <BatchPresetSelect presets={presets} value={presetId} onChange={setPresetId} />
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
          <BatchTotal plan={plan} balance={balance} />
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
