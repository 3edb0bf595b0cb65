/** "Marks to remove": finding the marks again, adding a box, and each box's method and time span. */

import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import {
  METHOD_LABELS,
  WATERMARK_LIMITS,
  WATERMARK_METHODS,
  type WatermarkBox,
  type WatermarkMethod,
} from '~/contract/watermark';
import { boxLabel } from './BoxEditor';
import type { EditorRequest } from './model';

export function MarksToRemove({
  boxes,
  durationS,
  busy,
  nothingFound,
  onFind,
  onAddBox,
  onChange,
}: {
  boxes: WatermarkBox[];
  durationS: number;
  busy: EditorRequest | null;
  /** Detection found nothing: said here, while the box already on the frame waits to be dragged over the mark. */
  nothingFound: boolean;
  onFind: () => void;
  onAddBox: () => void;
  onChange: (boxes: WatermarkBox[]) => void;
}) {
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium text-fg">Marks to remove</h3>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-secondary btn-sm" disabled={busy !== null} onClick={onFind}>
            {busy === 'detect' ? <Spinner /> : <Icon name="search" className="size-4" />}
            {busy === 'detect' ? 'Finding marks…' : 'Find marks again'}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={boxes.length >= WATERMARK_LIMITS.maxBoxes}
            onClick={onAddBox}
          >
            Add box
          </button>
        </div>
      </div>
      {nothingFound ? (
        <p
          role="status"
          className="rounded-xl border border-amber-300/30 bg-amber-300/10 p-3 text-sm text-fg"
          data-testid="nothing-found"
        >
          We found no watermark in this video. A box is on the frame: drag it over the mark and resize it from its
          corner, or add more boxes.
        </p>
      ) : null}
      {boxes.length === 0 ? (
        <p className="text-sm text-fg-muted">No boxes yet. Add one and drag it over the mark.</p>
      ) : (
        <BoxList boxes={boxes} durationS={durationS} onChange={onChange} />
      )}
      <p className="text-xs text-fg-subtle">
        Leave From and To empty when the mark shows the whole time. Crop at the edge works for marks near an edge of the
        picture.
      </p>
    </div>
  );
}

function BoxList({
  boxes,
  durationS,
  onChange,
}: {
  boxes: WatermarkBox[];
  durationS: number;
  onChange: (boxes: WatermarkBox[]) => void;
}) {
  const set = (id: string, patch: Partial<WatermarkBox>) =>
    onChange(boxes.map((b) => (b.id === id ? { ...b, ...patch } : b)));
  const seconds = (value: string) => (value.trim() === '' ? null : Math.max(0, Number(value)));
  return (
    <ul className="grid gap-3">
      {boxes.map((box, index) => (
        <li
          key={box.id}
          className="grid gap-2 rounded-xl border border-white/[0.08] p-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        >
          <div className="field">
            <label htmlFor={`wm-method-${box.id}`} className="label">
              {`Box ${index + 1}${box.detected ? ' (found)' : ''}: method`}
            </label>
            <select
              id={`wm-method-${box.id}`}
              className="input"
              value={box.method}
              onChange={(e) => set(box.id, { method: e.target.value as WatermarkMethod })}
            >
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
            <input
              id={`wm-from-${box.id}`}
              type="number"
              min={0}
              max={durationS}
              step={0.1}
              className="input w-24"
              placeholder="start"
              value={box.startS ?? ''}
              onChange={(e) => set(box.id, { startS: seconds(e.target.value) })}
            />
          </div>
          <div className="field">
            <label htmlFor={`wm-to-${box.id}`} className="label">
              To (s)
            </label>
            <input
              id={`wm-to-${box.id}`}
              type="number"
              min={0}
              max={durationS}
              step={0.1}
              className="input w-24"
              placeholder="end"
              value={box.endS ?? ''}
              onChange={(e) => set(box.id, { endS: seconds(e.target.value) })}
            />
          </div>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            aria-label={`Delete ${boxLabel(box, index)}`}
            onClick={() => onChange(boxes.filter((b) => b.id !== box.id))}
          >
            <Icon name="trash" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  );
}
