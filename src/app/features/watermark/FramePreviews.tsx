/**
 * The editor's two frames side by side: "Before", the original frame with the boxes to drag over the marks and the
 * moment to look at, and "After", the same moment (or a short clip) rendered without them.
 */

import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { formatDuration } from '~/contract/video';
import { WATERMARK_LIMITS, type WatermarkBox, type WatermarkRecord } from '~/contract/watermark';
import { BoxEditor } from './BoxEditor';
import type { EditorRequest } from './model';

export function BeforeFrame({
  record,
  frame,
  atS,
  onMoment,
  boxes,
  selectedId,
  focusId,
  onSelect,
  onChange,
}: {
  record: WatermarkRecord;
  frame: string | null;
  atS: number;
  onMoment: (atS: number) => void;
  boxes: WatermarkBox[];
  selectedId: string | null;
  focusId: string | null;
  onSelect: (id: string) => void;
  onChange: (boxes: WatermarkBox[]) => void;
}) {
  const durationS = record.durationMs / 1000;
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium text-fg">Before: drag the boxes over the marks</h3>
      <BoxEditor
        frameUrl={frame}
        frameAlt={`Frame at ${formatDuration(atS)} of ${record.name}`}
        aspect={record.width / record.height}
        boxes={boxes}
        selectedId={selectedId}
        focusId={focusId}
        onSelect={onSelect}
        onChange={onChange}
      />
      <div className="field">
        <label htmlFor="wm-time" className="label">
          {`Frame at ${formatDuration(atS)}`}
        </label>
        <input
          id="wm-time"
          type="range"
          min={0}
          max={Math.max(0, durationS - 0.1)}
          step={0.1}
          value={atS}
          onChange={(e) => onMoment(Number(e.target.value))}
        />
      </div>
    </div>
  );
}

export function AfterPreview({
  record,
  atS,
  after,
  clip,
  busy,
  hasBoxes,
  onPreviewFrame,
  onPreviewClip,
}: {
  record: WatermarkRecord;
  atS: number;
  /** The previewed frame, shown when there is no clip. */
  after: string | null;
  clip: string | null;
  busy: EditorRequest | null;
  hasBoxes: boolean;
  onPreviewFrame: () => void;
  onPreviewClip: () => void;
}) {
  return (
    <div className="grid content-start gap-2">
      <h3 className="text-sm font-medium text-fg">After</h3>
      <div
        className="relative grid w-full place-items-center overflow-hidden rounded-xl border border-white/[0.08] bg-black text-sm text-fg-subtle"
        style={{ aspectRatio: String(record.width / record.height) }}
      >
        {clip ? (
          <video
            src={clip}
            controls
            autoPlay
            muted
            loop
            className="absolute inset-0 size-full"
            aria-label="Preview clip after removal"
          />
        ) : after ? (
          <img
            src={after}
            alt={`Frame at ${formatDuration(atS)} after removal`}
            className="absolute inset-0 size-full object-contain"
          />
        ) : (
          <span>Preview a frame or a short clip here.</span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy !== null || !hasBoxes}
          onClick={onPreviewFrame}
        >
          {busy === 'frame' ? <Spinner /> : <Icon name="eye" className="size-4" />}
          Preview frame
        </button>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={busy !== null || !hasBoxes}
          onClick={onPreviewClip}
        >
          {busy === 'clip' ? <Spinner /> : <Icon name="play" className="size-4" />}
          {`Preview ${WATERMARK_LIMITS.clipSeconds} s clip`}
        </button>
      </div>
    </div>
  );
}
