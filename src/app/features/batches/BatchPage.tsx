/**
 * One batch: every row's video with its status and progress, polled while any row is still being made; cancel of
 * the rows not yet made, retry of the failed ones, and the finished videos as one ZIP.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { openDownload } from '~/app/components/files';
import { Icon } from '~/app/components/Icon';
import { handleStudioError } from '~/app/components/request-errors';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { StatusScreen } from '~/app/components/StatusScreen';
import { SignedUrl } from '~/contract/api';
import { type BatchRecord, type BatchRowRecord, batchRecordSchema } from '~/contract/batches';
import { isUuid } from '~/contract/ids';
import { ApiError, api } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { TableHead } from './TableHead';

const POLL_MS = 2000;

const ROW_LABELS = {
  queued: 'Waiting',
  active: 'Making',
  succeeded: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  draft: 'Draft',
} as const;

const rowStatus = (row: BatchRowRecord) => (row.video ? row.video.status : 'failed');

function RowLine({ row }: { row: BatchRowRecord }) {
  const status = rowStatus(row);
  const progress = Math.round((row.video?.progress ?? 0) * 100);
  return (
    <tr className="border-t border-white/10" data-testid="batch-row">
      <td className="px-3 py-2 tabular-nums">{row.row}</td>
      <td className="max-w-80 px-3 py-2">
        {row.video ? (
          <Link className="link" to={`/nxn-agent/video/${row.video.id}`}>
            {row.title}
          </Link>
        ) : (
          row.title
        )}
        {row.error || row.video?.error ? <p className="text-sm text-danger">{row.error ?? row.video?.error}</p> : null}
      </td>
      <td className="px-3 py-2" data-testid="row-status">
        {ROW_LABELS[status]}
        {status === 'active' ? ` ${progress}%` : ''}
      </td>
      <td className="w-40 px-3 py-2">
        <div
          className="h-1.5 overflow-hidden rounded-full bg-white/10"
          role="progressbar"
          aria-label={`Row ${row.row} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={status === 'succeeded' ? 100 : progress}
        >
          <div
            className={`h-full rounded-full ${status === 'failed' ? 'bg-danger' : 'bg-gradient-to-r from-brand-500 to-cyan-400'}`}
            style={{ width: `${status === 'succeeded' ? 100 : progress}%` }}
          />
        </div>
      </td>
    </tr>
  );
}

/**
 * The ZIP through a short-lived signed link, opened as a plain link: the browser's own download streams it to disk
 * as the server writes it, so a batch of large videos never sits in the page's memory.
 */
async function downloadZip(batch: BatchRecord): Promise<void> {
  const { url } = await api.get<SignedUrl>(`/batches/${encodeURIComponent(batch.id)}/zip/url`, {
    parse: (data) => SignedUrl.parse(data),
  });
  openDownload(url);
}

export default function BatchPage() {
  const { batchId = '' } = useParams();
  const [batch, setBatch] = useState<BatchRecord | null>(null);
  const [missing, setMissing] = useState(!isUuid(batchId));
  const [tick, setTick] = useState(0);
  const [busy, setBusy] = useState<'cancel' | 'retry' | 'zip' | null>(null);

  usePolling(
    missing ? null : `${batchId}:${tick}`,
    async (signal) => {
      const fresh = await api.get<BatchRecord>(`/batches/${encodeURIComponent(batchId)}`, {
        parse: (data) => batchRecordSchema.parse(data),
        signal,
      });
      setBatch(fresh);
      if (fresh.status === 'completed') void refreshAccount();
      return fresh.status !== 'completed';
    },
    {
      intervalMs: POLL_MS,
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          setMissing(true);
          return false;
        }
        return true;
      },
    },
  );

  async function act(kind: 'cancel' | 'retry' | 'zip') {
    if (!batch) return;
    setBusy(kind);
    try {
      if (kind === 'zip') await downloadZip(batch);
      else {
        const fresh = await api.post<BatchRecord>(`/batches/${encodeURIComponent(batch.id)}/${kind}`, undefined, {
          parse: (data) => batchRecordSchema.parse(data),
        });
        setBatch(fresh);
        void refreshAccount();
        setTick((t) => t + 1);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 402) openTopUp({});
      else handleStudioError(error);
    } finally {
      setBusy(null);
    }
  }

  if (missing)
    return (
      <StatusScreen title="Batch not found" message="It may have been made by another account." icon="video">
        <Link to="/create" className="btn btn-secondary">
          Create videos
        </Link>
      </StatusScreen>
    );
  if (!batch) return <StatusScreen title="Loading the batch" busy />;
  const { counts } = batch;
  const running = counts.queued + counts.active;
  return (
    <div className="grid gap-6">
      <ScreenHeader
        icon="video"
        title={batch.name}
        description={`A batch of ${counts.total} videos, one per row of your sheet.`}
      >
        <Link to="/create" className="btn btn-secondary btn-sm self-start sm:self-auto">
          <Icon name="video" className="size-4" />
          Create more
        </Link>
      </ScreenHeader>
      <section className="card card-pad grid gap-4" aria-labelledby="batch-progress">
        <h2 id="batch-progress" className="text-lg font-semibold text-fg">
          {batch.status === 'completed' ? 'Every row has ended' : 'Making your videos'}
        </h2>
        <p className="text-sm text-fg" data-testid="batch-counts" aria-live="polite">
          {counts.succeeded} ready · {counts.active} making · {counts.queued} waiting · {counts.failed} failed ·{' '}
          {counts.cancelled} cancelled · {batch.credits} credits
        </p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className="btn btn-primary"
            disabled={counts.succeeded === 0 || busy !== null}
            onClick={() => void act('zip')}
          >
            {busy === 'zip' ? <Spinner /> : <Icon name="download" className="size-4" />}
            Download ZIP ({counts.succeeded})
          </button>
          {counts.failed > 0 ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy !== null}
              onClick={() => void act('retry')}
            >
              {busy === 'retry' ? <Spinner /> : <Icon name="refresh" className="size-4" />}
              Retry failed rows ({counts.failed})
            </button>
          ) : null}
          {running > 0 ? (
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy !== null}
              onClick={() => void act('cancel')}
            >
              {busy === 'cancel' ? <Spinner /> : <Icon name="stop" className="size-4" />}
              Cancel the rest ({running})
            </button>
          ) : null}
        </div>
        <div className="overflow-x-auto rounded-xl border border-white/10">
          <table className="w-full text-left text-sm" aria-label="Batch rows">
            <TableHead columns={['Row', 'Video', 'Status', 'Progress']} />
            <tbody>
              {batch.rows.map((row) => (
                <RowLine key={row.row} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
