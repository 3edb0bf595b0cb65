/**
 * The editor of one uploaded video: the marks found on it as boxes on a frame, previews of a frame or a short clip
 * without them, then the render (followed while it runs) and the clean copy.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatDuration } from '~/contract/video';
import { WATERMARK_LIMITS, type WatermarkBox, type WatermarkRecord } from '~/contract/watermark';
import { api } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { CleanVideo, RenderControls } from './CleanVideo';
import { AfterPreview, BeforeFrame } from './FramePreviews';
import { newBox } from './geometry';
import { MarksToRemove } from './MarksToRemove';
import { type EditorRequest, hasCleanCopy, isRunning, STATUS_TEXT } from './model';
import { useObjectUrl } from './object-url';
import { fetchPreview, fetchResultFrame, reportError, whileLive } from './requests';

const POLL_MS = 1000;
const revoke = (url: string) => URL.revokeObjectURL(url);

/** The original frame at `atS`, and once there is a clean copy, its frame at the same moment. */
function useFrames(record: WatermarkRecord, atS: number) {
  const [frame, setFrame] = useObjectUrl();
  const [result, setResult] = useObjectUrl();
  useEffect(() => whileLive(fetchPreview(record.id, [], atS, 'frame'), setFrame, revoke), [record.id, atS, setFrame]);
  // A new render gives a new output link, and its frame is asked again.
  const finished = hasCleanCopy(record);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new output link is the trigger: the clean frame is asked again after a new render
  useEffect(
    () => (finished ? whileLive(fetchResultFrame(record.id, atS), setResult, revoke) : undefined),
    [finished, record.id, record.output?.url, atS, setResult],
  );
  return { frame, result };
}

/** The request running now (null when none), and `attempt` to run one: a refusal is told by reportError. */
function useOneRequest() {
  const [busy, setBusy] = useState<EditorRequest | null>(null);
  const attempt = useCallback(async (kind: EditorRequest, task: () => Promise<void>) => {
    setBusy(kind);
    try {
      await task();
    } catch (error) {
      reportError(error);
    } finally {
      setBusy(null);
    }
  }, []);
  return [busy, attempt] as const;
}

export function RemovalEditor({
  initial,
  onChanged,
}: {
  initial: WatermarkRecord;
  onChanged: (record: WatermarkRecord) => void;
}) {
  const [record, setRecord] = useState(initial);
  const [boxes, setBoxes] = useState<WatermarkBox[]>(initial.boxes);
  const [selected, setSelected] = useState<string | null>(null);
  const [atS, setAtS] = useState(Math.min(1, initial.durationMs / 2000));
  const { frame, result } = useFrames(record, atS);
  const [after, setAfter] = useObjectUrl();
  const [clip, setClip] = useObjectUrl();
  // Detection found nothing: said on the page, and a box is already on the frame to drag over the mark.
  const [nothingFound, setNothingFound] = useState(false);
  const [focusBox, setFocusBox] = useState<string | null>(null);
  const [busy, attempt] = useOneRequest();

  const apply = useCallback(
    (next: WatermarkRecord, withBoxes = false) => {
      setRecord(next);
      if (withBoxes) setBoxes(next.boxes);
      onChanged(next);
    },
    [onChanged],
  );

  const drawBox = useCallback(() => {
    const box = newBox(Math.random().toString(36).slice(2, 10));
    setBoxes((current) => (current.length >= WATERMARK_LIMITS.maxBoxes ? current : [...current, box]));
    setSelected(box.id);
    setFocusBox(box.id);
  }, []);

  // Detection runs once, right after the upload.
  const detectedOnce = useRef(initial.detected);
  const detect = useCallback(
    () =>
      attempt('detect', async () => {
        const next = await api.post<WatermarkRecord>(`/watermark-removal/${record.id}/detect`);
        apply(next, true);
        setNothingFound(next.boxes.length === 0);
        if (next.boxes.length > 0)
          toast.success(`Found ${next.boxes.length} mark${next.boxes.length === 1 ? '' : 's'}.`);
        else drawBox();
      }),
    [attempt, record.id, apply, drawBox],
  );
  useEffect(() => {
    if (!detectedOnce.current) {
      detectedOnce.current = true;
      void detect();
    }
  }, [detect]);

  // While the job runs, follow it.
  usePolling(
    isRunning(record) ? record.id : null,
    async (signal) => {
      const next = await api.get<WatermarkRecord>(`/watermark-removal/${record.id}`, { signal });
      apply(next);
      if (next.status === 'succeeded' || next.status === 'failed') void refreshAccount();
    },
    { intervalMs: POLL_MS, immediate: false },
  );

  const preview = (kind: 'frame' | 'clip') =>
    attempt(kind, async () => {
      const url = await fetchPreview(record.id, boxes, atS, kind);
      (kind === 'frame' ? setAfter : setClip)(url);
    });

  const render = () =>
    attempt('render', async () => {
      await api.put<WatermarkRecord>(`/watermark-removal/${record.id}/boxes`, { boxes });
      apply(await api.post<WatermarkRecord>(`/watermark-removal/${record.id}/render`));
      void refreshAccount();
    });

  const cancel = () =>
    attempt('cancel', async () => {
      apply(await api.post<WatermarkRecord>(`/watermark-removal/${record.id}/cancel`));
      void refreshAccount();
    });

  return (
    <section className="card card-pad grid gap-5" aria-labelledby="wm-editor-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="wm-editor-title" className="text-lg font-semibold text-fg">
          {record.name}
        </h2>
        <p className="text-sm text-fg-muted">
          {record.width}×{record.height} · {formatDuration(record.durationMs / 1000)} · {STATUS_TEXT[record.status]}
        </p>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <BeforeFrame
          record={record}
          frame={frame}
          atS={atS}
          onMoment={setAtS}
          boxes={boxes}
          selectedId={selected}
          focusId={focusBox}
          onSelect={setSelected}
          onChange={setBoxes}
        />
        <AfterPreview
          record={record}
          atS={atS}
          after={after}
          clip={clip}
          busy={busy}
          hasBoxes={boxes.length > 0}
          onPreviewFrame={() => {
            setClip(null);
            void preview('frame');
          }}
          onPreviewClip={() => void preview('clip')}
        />
      </div>

      <MarksToRemove
        boxes={boxes}
        durationS={record.durationMs / 1000}
        busy={busy}
        nothingFound={nothingFound}
        onFind={() => void detect()}
        onAddBox={drawBox}
        onChange={setBoxes}
      />

      <div className="grid gap-3 border-t border-white/[0.08] pt-4">
        <RenderControls
          record={record}
          busy={busy}
          hasBoxes={boxes.length > 0}
          onRender={() => void render()}
          onCancel={() => void cancel()}
        />
        {hasCleanCopy(record) ? <CleanVideo record={record} frame={frame} result={result} atS={atS} /> : null}
      </div>
    </section>
  );
}
