import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { formatBytes } from '~/contract/storage';
import { formatDuration } from '~/contract/video';
import {
  METHOD_LABELS,
  RIGHTS_STATEMENT,
  WATERMARK_LIMITS,
  WATERMARK_METHODS,
  type WatermarkBox,
  type WatermarkMethod,
  type WatermarkRecord,
} from '~/contract/watermark';
import { api, ApiError } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { $watermarkUpload, cancelWatermarkUpload, resetWatermarkUpload, startWatermarkUpload } from './store';
import { useConfirm } from '../../components/confirm';
import { downloadUrl } from '../../components/files';
import { formatDate } from '../../components/format';
import { useHistory } from '../../components/history';
import { HistoryList } from '../../components/HistoryList';
import { Icon } from '../../components/Icon';
import { handleStudioError } from '../../components/request-errors';
import { ScreenHeader } from '../../components/Screen';
import { Spinner } from '../../components/Spinner';
import { BeforeAfter } from './BeforeAfter';
import { BoxEditor, boxLabel } from './BoxEditor';
import { newBox } from './geometry';

const POLL_MS = 1000;
const ACCEPT = WATERMARK_LIMITS.extensions.map((e) => `.${e}`).join(',');
const STATUS_TEXT: Record<WatermarkRecord['status'], string> = {
  uploaded: 'Ready to edit',
  queued: 'Waiting to start',
  active: 'Cleaning',
  succeeded: 'Clean file ready',
  failed: 'Failed',
};

/** Answers a refused request: the top-up dialog when credits are short, field errors or a toast otherwise. */
function reportError(error: unknown): void {
  if (error instanceof ApiError && error.status === 402) {
    const body = error.body as { needed?: number; available?: number } | undefined;
    openTopUp(body?.needed !== undefined && body.available !== undefined ? { shortBy: body.needed - body.available } : {});
    return;
  }
  const fields = handleStudioError(error);
  const first = Object.values(fields)[0];
  if (first) toast.error(first);
}

/** A frame (JPEG) or a clip (MP4) rendered by the API, as an object URL the page owns. */
async function fetchPreview(id: string, boxes: WatermarkBox[], atS: number, kind: 'frame' | 'clip'): Promise<string> {
  const response = await api.send(`/watermark-removal/${id}/preview`, { method: 'POST', body: { boxes, atS, kind } });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  return URL.createObjectURL(await response.blob());
}

/** A frame of the clean copy (JPEG), as an object URL the page owns. */
async function fetchResultFrame(id: string, atS: number): Promise<string> {
  const response = await api.send(`/watermark-removal/${id}/result-frame`, { method: 'POST', body: { atS } });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => undefined));
  return URL.createObjectURL(await response.blob());
}

/** Keeps one object URL at a time and frees the one it replaces. */
function useObjectUrl(): [string | null, (url: string | null) => void] {
  const [url, setUrl] = useState<string | null>(null);
  const replace = useCallback((next: string | null) => {
    setUrl((old) => {
      if (old) URL.revokeObjectURL(old);
      return next;
    });
  }, []);
  useEffect(() => () => replace(null), [replace]);
  return [url, replace];
}

function UploadCard({ onUploaded }: { onUploaded: (id: string) => void }) {
  const state = useStore($watermarkUpload);
  const [confirmed, setConfirmed] = useState(false);
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    if (state.phase === 'done') {
      onUploaded(state.id);
      resetWatermarkUpload();
    }
  }, [state, onUploaded]);

  const busy = state.phase === 'uploading' || state.phase === 'checking';
  const percentDone = state.phase === 'uploading' && state.total > 0 ? Math.floor((state.sent / state.total) * 100) : state.phase === 'checking' ? 100 : 0;

  return (
    <section className="card card-pad grid gap-4" aria-labelledby="wm-upload-title">
      <h2 id="wm-upload-title" className="text-lg font-semibold text-fg">
        Upload a video
      </h2>
      <p className="text-sm text-fg-muted">MP4, MOV, WebM or MKV. Large files upload in parts and continue after a dropped connection.</p>
      <div className="field">
        <label htmlFor="wm-file" className="label">
          Video file
        </label>
        <input id="wm-file" type="file" accept={ACCEPT} className="input" disabled={busy} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </div>
      <label className="flex items-start gap-2 text-sm text-fg">
        <input type="checkbox" className="mt-1" checked={confirmed} disabled={busy} onChange={(e) => setConfirmed(e.target.checked)} />
        <span>
          {RIGHTS_STATEMENT} <a href="/terms" className="underline">Terms</a>
        </span>
      </label>
      {busy ? (
        <div className="grid gap-2">
          <label htmlFor="wm-upload-progress" className="text-sm text-fg-muted">
            {state.phase === 'checking' ? `Checking ${state.name}…` : `Uploading ${state.name}: ${formatBytes(state.sent)} of ${formatBytes(state.total)}`}
          </label>
          <progress id="wm-upload-progress" className="w-full" max={100} value={percentDone}>
            {percentDone}%
          </progress>
          {state.phase === 'uploading' ? (
            <button type="button" className="btn btn-secondary btn-sm justify-self-start" onClick={() => void cancelWatermarkUpload()}>
              Cancel upload
            </button>
          ) : null}
        </div>
      ) : (
        <button type="button" className="btn btn-primary justify-self-start" disabled={!file || !confirmed} onClick={() => file && void startWatermarkUpload(file)}>
          <Icon name="upload" className="size-4" />
          Upload
        </button>
      )}
      {state.phase === 'failed' ? (
        <p role="alert" className="text-sm text-red-300">
          {state.message}
        </p>
      ) : null}
    </section>
  );
}

function BoxList({ boxes, durationS, onChange }: { boxes: WatermarkBox[]; durationS: number; onChange: (boxes: WatermarkBox[]) => void }) {
  const set = (id: string, patch: Partial<WatermarkBox>) => onChange(boxes.map((b) => (b.id === id ? { ...b, ...patch } : b)));
  const seconds = (value: string) => (value.trim() === '' ? null : Math.max(0, Number(value)));
  return (
    <ul className="grid gap-3">
      {boxes.map((box, index) => (
        <li key={box.id} className="grid gap-2 rounded-xl border border-white/[0.08] p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
          <div className="field">
            <label htmlFor={`wm-method-${box.id}`} className="label">
              {`Box ${index + 1}${box.detected ? ' (found)' : ''}: method`}
            </label>
            <select id={`wm-method-${box.id}`} className="input" value={box.method} onChange={(e) => set(box.id, { method: e.target.value as WatermarkMethod })}>
              {WATERMARK_METHODS.map((m) => (
                <option key={m} value={m}>
                  {METHOD_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`wm-from-${box.id}`} className="label">
              From (s)
            </label>
            <input id={`wm-from-${box.id}`} type="number" min={0} max={durationS} step={0.1} className="input w-24" placeholder="start" value={box.startS ?? ''} onChange={(e) => set(box.id, { startS: seconds(e.target.value) })} />
          </div>
          <div className="field">
            <label htmlFor={`wm-to-${box.id}`} className="label">
              To (s)
            </label>
            <input id={`wm-to-${box.id}`} type="number" min={0} max={durationS} step={0.1} className="input w-24" placeholder="end" value={box.endS ?? ''} onChange={(e) => set(box.id, { endS: seconds(e.target.value) })} />
          </div>
          <button type="button" className="btn btn-secondary btn-sm" aria-label={`Delete ${boxLabel(box, index)}`} onClick={() => onChange(boxes.filter((b) => b.id !== box.id))}>
            <Icon name="trash" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}

function Editor({ initial, onChanged }: { initial: WatermarkRecord; onChanged: (record: WatermarkRecord) => void }) {
  const [record, setRecord] = useState(initial);
  const [boxes, setBoxes] = useState<WatermarkBox[]>(initial.boxes);
  const [selected, setSelected] = useState<string | null>(null);
  const [atS, setAtS] = useState(Math.min(1, initial.durationMs / 2000));
  const [frame, setFrame] = useObjectUrl();
  const [after, setAfter] = useObjectUrl();
  const [clip, setClip] = useObjectUrl();
  const [result, setResult] = useObjectUrl();
  // Detection found nothing: said on the page, and a box is already on the frame to drag over the mark.
  const [nothingFound, setNothingFound] = useState(false);
  const [focusBox, setFocusBox] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'detect' | 'frame' | 'clip' | 'render' | 'cancel'>(null);
  const durationS = record.durationMs / 1000;
  const running = record.status === 'queued' || record.status === 'active';

  const apply = useCallback(
    (next: WatermarkRecord, withBoxes = false) => {
      setRecord(next);
      if (withBoxes) setBoxes(next.boxes);
      onChanged(next);
    },
    [onChanged],
  );

  // The original frame under the boxes, again whenever the moment changes.
  useEffect(() => {
    let live = true;
    fetchPreview(record.id, [], atS, 'frame').then(
      (url) => (live ? setFrame(url) : URL.revokeObjectURL(url)),
      (error: unknown) => live && reportError(error),
    );
    return () => {
      live = false;
    };
  }, [record.id, atS, setFrame]);

  // The clean copy's frame at the same moment: the poster of its player and the "after" of the comparison.
  const finished = record.status === 'succeeded' && record.output !== null;
  useEffect(() => {
    if (!finished) return;
    let live = true;
    fetchResultFrame(record.id, atS).then(
      (url) => (live ? setResult(url) : URL.revokeObjectURL(url)),
      (error: unknown) => live && reportError(error),
    );
    return () => {
      live = false;
    };
  }, [finished, record.id, record.output?.url, atS, setResult]);

  const drawBox = useCallback(() => {
    const box = newBox(Math.random().toString(36).slice(2, 10));
    setBoxes((current) => (current.length >= WATERMARK_LIMITS.maxBoxes ? current : [...current, box]));
    setSelected(box.id);
    setFocusBox(box.id);
  }, []);

  // Detection runs once, right after the upload.
  const detectedOnce = useRef(initial.detected);
  const detect = useCallback(async () => {
    setBusy('detect');
    try {
      const next = await api.post<WatermarkRecord>(`/watermark-removal/${record.id}/detect`);
      apply(next, true);
      setNothingFound(next.boxes.length === 0);
      if (next.boxes.length > 0) toast.success(`Found ${next.boxes.length} mark${next.boxes.length === 1 ? '' : 's'}.`);
      else drawBox();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  }, [record.id, apply, drawBox]);
  useEffect(() => {
    if (!detectedOnce.current) {
      detectedOnce.current = true;
      void detect();
    }
  }, [detect]);

  // While the job runs, follow it.
  usePolling(
    running ? record.id : null,
    async (signal) => {
      const next = await api.get<WatermarkRecord>(`/watermark-removal/${record.id}`, { signal });
      apply(next);
      if (next.status === 'succeeded' || next.status === 'failed') void refreshAccount();
    },
    { intervalMs: POLL_MS, immediate: false },
  );

  const preview = async (kind: 'frame' | 'clip') => {
    setBusy(kind);
    try {
      const url = await fetchPreview(record.id, boxes, atS, kind);
      (kind === 'frame' ? setAfter : setClip)(url);
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  };

  const render = async () => {
    setBusy('render');
    try {
      await api.put<WatermarkRecord>(`/watermark-removal/${record.id}/boxes`, { boxes });
      apply(await api.post<WatermarkRecord>(`/watermark-removal/${record.id}/render`));
      void refreshAccount();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    setBusy('cancel');
    try {
      apply(await api.post<WatermarkRecord>(`/watermark-removal/${record.id}/cancel`));
      void refreshAccount();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  };


  return (
    <section className="card card-pad grid gap-5" aria-labelledby="wm-editor-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="wm-editor-title" className="text-lg font-semibold text-fg">
          {record.name}
        </h2>
        <p className="text-sm text-fg-muted">
          {record.width}×{record.height} · {formatDuration(durationS)} · {STATUS_TEXT[record.status]}
        </p>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid gap-2">
          <h3 className="text-sm font-medium text-fg">Before: drag the boxes over the marks</h3>
          <BoxEditor
            frameUrl={frame}
            frameAlt={`Frame at ${formatDuration(atS)} of ${record.name}`}
            aspect={record.width / record.height}
            boxes={boxes}
            selectedId={selected}
            focusId={focusBox}
            onSelect={setSelected}
            onChange={setBoxes}
          />
          <div className="field">
            <label htmlFor="wm-time" className="label">
              {`Frame at ${formatDuration(atS)}`}
            </label>
            <input id="wm-time" type="range" min={0} max={Math.max(0, durationS - 0.1)} step={0.1} value={atS} onChange={(e) => setAtS(Number(e.target.value))} />
          </div>
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium text-fg">After</h3>
          <div className="relative grid w-full place-items-center overflow-hidden rounded-xl border border-white/[0.08] bg-black text-sm text-fg-subtle" style={{ aspectRatio: String(record.width / record.height) }}>
            {clip ? (
              <video src={clip} controls autoPlay muted loop className="absolute inset-0 size-full" aria-label="Preview clip after removal" />
            ) : after ? (
              <img src={after} alt={`Frame at ${formatDuration(atS)} after removal`} className="absolute inset-0 size-full object-contain" />
            ) : (
              <span>Preview a frame or a short clip here.</span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy !== null || boxes.length === 0} onClick={() => { setClip(null); void preview('frame'); }}>
              {busy === 'frame' ? <Spinner /> : <Icon name="eye" className="size-4" />}
              Preview frame
            </button>
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy !== null || boxes.length === 0} onClick={() => void preview('clip')}>
              {busy === 'clip' ? <Spinner /> : <Icon name="play" className="size-4" />}
              {`Preview ${WATERMARK_LIMITS.clipSeconds} s clip`}
            </button>
          </div>
        </div>
      </div>

      <div className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-sm font-medium text-fg">Marks to remove</h3>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy !== null} onClick={() => void detect()}>
              {busy === 'detect' ? <Spinner /> : <Icon name="search" className="size-4" />}
              {busy === 'detect' ? 'Finding marks…' : 'Find marks again'}
            </button>
            <button type="button" className="btn btn-secondary btn-sm" disabled={boxes.length >= WATERMARK_LIMITS.maxBoxes} onClick={drawBox}>
              Add box
            </button>
          </div>
        </div>
        {nothingFound ? (
          <p role="status" className="rounded-xl border border-amber-300/30 bg-amber-300/10 p-3 text-sm text-fg" data-testid="nothing-found">
            We found no watermark in this video. A box is on the frame: drag it over the mark and resize it from its corner, or add more boxes.
          </p>
        ) : null}
        {boxes.length === 0 ? <p className="text-sm text-fg-muted">No boxes yet. Add one and drag it over the mark.</p> : <BoxList boxes={boxes} durationS={durationS} onChange={setBoxes} />}
        <p className="text-xs text-fg-subtle">Leave From and To empty when the mark shows the whole time. Crop at the edge works for marks near an edge of the picture.</p>
      </div>

      <div className="grid gap-3 border-t border-white/[0.08] pt-4">
        {running ? (
          <div className="grid gap-2">
            <label htmlFor="wm-render-progress" className="text-sm text-fg-muted">
              {record.stage ?? 'Waiting to start'}
            </label>
            <progress id="wm-render-progress" className="w-full" max={100} value={Math.round(record.progress * 100)} />
            <button type="button" className="btn btn-secondary btn-sm justify-self-start" disabled={busy !== null} onClick={() => void cancel()}>
              Cancel
            </button>
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn btn-primary" disabled={busy !== null || boxes.length === 0} onClick={() => void render()}>
              {busy === 'render' ? <Spinner /> : <Icon name="wand" className="size-4" />}
              {record.status === 'failed' ? 'Retry' : record.status === 'succeeded' ? 'Remove again' : 'Remove watermarks'} · {record.cost} credits
            </button>
            {record.status === 'succeeded' && record.output ? (
              <button type="button" className="btn btn-secondary" onClick={() => void downloadUrl(record.output!.url, record.name.replace(/\.[^.]+$/, '') + '-clean.' + record.output!.contentType.split('/')[1]!.replace('quicktime', 'mov').replace('x-matroska', 'mkv'))}>
                <Icon name="download" className="size-4" />
                Download clean video
              </button>
            ) : null}
          </div>
        )}
        {record.status === 'failed' && record.error ? (
          <p role="alert" className="text-sm text-red-300">
            {record.error} No credits were charged.
          </p>
        ) : null}
        {finished ? (
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="grid content-start gap-2">
              <h3 className="text-sm font-medium text-fg">Before and after</h3>
              {frame && result ? (
                <BeforeAfter before={frame} after={result} aspect={record.width / record.height} moment={formatDuration(atS)} />
              ) : (
                <p className="text-sm text-fg-muted">Loading the frame…</p>
              )}
            </div>
            <div className="grid content-start gap-2">
              <h3 className="text-sm font-medium text-fg">Clean video</h3>
              <video src={record.output!.url} poster={result ?? undefined} controls preload="none" className="w-full rounded-xl bg-black" style={{ aspectRatio: String(record.width / record.height) }} aria-label={`Clean video: ${record.name}`} />
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** Watermark removal studio: upload a video you own, adjust the found marks, preview, render, download. */
export default function WatermarkRemoval() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('id');
  const history = useHistory<WatermarkRecord>('/watermark-removal');
  const [open, setOpen] = useState<WatermarkRecord | null>(null);
  const { askDelete, dialog } = useConfirm();

  useEffect(() => {
    if (!openId) {
      setOpen(null);
      return;
    }
    let live = true;
    api.get<WatermarkRecord>(`/watermark-removal/${openId}`).then(
      (record) => live && setOpen(record),
      (error: unknown) => live && reportError(error),
    );
    return () => {
      live = false;
    };
  }, [openId]);

  const select = useCallback((id: string) => setParams({ id }), [setParams]);
  const onUploaded = useCallback(
    (id: string) => {
      select(id);
      void history.reload();
    },
    [select, history.reload],
  );

  return (
    <div className="grid gap-8">
      <ScreenHeader icon="wand" title="Watermark removal" description="Take logos, channel bugs and text marks out of your own videos: we find them, you check the boxes, we render a clean copy." />
      <UploadCard onUploaded={onUploaded} />
      {open ? <Editor key={open.id} initial={open} onChanged={(r) => history.replace([r])} /> : null}

      <section aria-labelledby="wm-history-title" className="grid gap-3">
        <h2 id="wm-history-title" className="text-lg font-semibold text-fg">
          Your videos
        </h2>
        <HistoryList history={history} loading="Loading your videos…" failed="Your videos could not be loaded." empty="Videos you upload here appear in this list.">
          {(items) => (
            <ul className="grid gap-2">
              {items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center gap-3 rounded-xl border border-white/[0.08] bg-white/[0.03] p-3 text-sm" data-testid="watermark-history-item">
                  <span className="font-medium text-fg">{item.name}</span>
                  <span className="text-fg-muted">{STATUS_TEXT[item.status]}</span>
                  <time className="text-fg-subtle" dateTime={item.createdAt}>
                    {formatDate(item.createdAt)}
                  </time>
                  <span className="ml-auto flex gap-2">
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => select(item.id)}>
                      Open
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      aria-label={`Delete ${item.name}`}
                      onClick={() =>
                        askDelete({
                          title: `Delete ${item.name}?`,
                          body: 'The uploaded video and its clean copy are deleted for good.',
                          path: `/watermark-removal/${item.id}`,
                          deleted: 'Video deleted',
                          onDeleted: () => {
                            history.remove(item.id);
                            if (openId === item.id) setParams({});
                          },
                        })
                      }
                    >
                      <Icon name="trash" className="size-4" />
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </HistoryList>
      </section>
      {dialog}
    </div>
  );
}
