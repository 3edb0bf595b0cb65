/**
 * The frame with the marks' boxes on it. A box is moved by dragging it and resized by its corner handle; with the
 * keyboard, a focused box moves with the arrow keys (Shift: further), resizes with Alt + arrows, and Delete
 * removes it.
 */
import { type KeyboardEvent, type PointerEvent, type RefObject, useEffect, useRef } from 'react';
import { METHOD_LABELS, type WatermarkBox } from '~/contract/watermark';
import { keyboardChange, moveBox, percent, resizeBox } from './geometry';

export const boxLabel = (box: WatermarkBox, index: number) => `Box ${index + 1} (${METHOD_LABELS[box.method]})`;

/** Dragging a box (mode `move`) or its corner handle (`resize`): the box follows the pointer across the frame. */
function useBoxDrag(
  area: RefObject<HTMLDivElement | null>,
  onSelect: (id: string) => void,
  update: (box: WatermarkBox) => void,
) {
  const drag = useRef<{
    id: string;
    mode: 'move' | 'resize';
    startX: number;
    startY: number;
    start: WatermarkBox;
  } | null>(null);

  const begin = (event: PointerEvent<HTMLElement>, box: WatermarkBox, mode: 'move' | 'resize') => {
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    onSelect(box.id);
    drag.current = { id: box.id, mode, startX: event.clientX, startY: event.clientY, start: box };
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    const rect = area.current?.getBoundingClientRect();
    if (!d || !rect) return;
    const dx = (event.clientX - d.startX) / rect.width;
    const dy = (event.clientY - d.startY) / rect.height;
    update(d.mode === 'move' ? moveBox(d.start, dx, dy) : resizeBox(d.start, dx, dy));
  };
  const end = () => {
    drag.current = null;
  };
  return { begin, follow, end };
}

export function BoxEditor({
  frameUrl,
  frameAlt,
  aspect,
  boxes,
  selectedId,
  focusId = null,
  onSelect,
  onChange,
}: {
  frameUrl: string | null;
  frameAlt: string;
  /** width / height of the video. */
  aspect: number;
  boxes: WatermarkBox[];
  selectedId: string | null;
  /** A box to move the keyboard focus to once it is on the frame (the one put there when detection found nothing). */
  focusId?: string | null;
  onSelect: (id: string) => void;
  onChange: (boxes: WatermarkBox[]) => void;
}) {
  const area = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusId) area.current?.querySelector<HTMLElement>(`[data-box-id="${focusId}"]`)?.focus();
  }, [focusId]);

  const update = (next: WatermarkBox) => onChange(boxes.map((b) => (b.id === next.id ? next : b)));
  const { begin, follow, end } = useBoxDrag(area, onSelect, update);

  const onKey = (event: KeyboardEvent<HTMLElement>, box: WatermarkBox) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onChange(boxes.filter((b) => b.id !== box.id));
      return;
    }
    const next = keyboardChange(box, event.key, event.shiftKey, event.altKey);
    if (next) {
      event.preventDefault();
      update(next);
    }
  };

  return (
    <div
      ref={area}
      className="relative w-full overflow-hidden rounded-xl border border-white/[0.08] bg-black"
      style={{ aspectRatio: String(aspect) }}
    >
      {frameUrl ? (
        <img src={frameUrl} alt={frameAlt} className="absolute inset-0 size-full object-contain" draggable={false} />
      ) : null}
      {boxes.map((box, index) => {
        const selected = box.id === selectedId;
        return (
          <div
            key={box.id}
            role="button"
            tabIndex={0}
            aria-pressed={selected}
            aria-label={`${boxLabel(box, index)}: arrow keys move it, Alt and arrow keys resize it, Delete removes it`}
            data-testid="watermark-box"
            data-box-id={box.id}
            className={`absolute cursor-move touch-none border-2 ${selected ? 'border-accent-400 bg-accent-400/15' : 'border-brand-300 bg-brand-500/10'} focus:outline-none focus-visible:ring-2 focus-visible:ring-white`}
            style={{ left: percent(box.x), top: percent(box.y), width: percent(box.w), height: percent(box.h) }}
            onPointerDown={(e) => begin(e, box, 'move')}
            onPointerMove={follow}
            onPointerUp={end}
            onPointerCancel={end}
            onFocus={() => onSelect(box.id)}
            onKeyDown={(e) => onKey(e, box)}
          >
            <span className="absolute -top-5 left-0 rounded bg-ink-950/80 px-1 text-[11px] leading-4 text-white">
              {index + 1}
            </span>
            <span
              aria-hidden="true"
              data-testid="watermark-box-resize"
              className="absolute -bottom-1.5 -right-1.5 size-3.5 cursor-se-resize rounded-sm border border-white bg-accent-400"
              onPointerDown={(e) => begin(e, box, 'resize')}
              onPointerMove={follow}
              onPointerUp={end}
              onPointerCancel={end}
            />
          </div>
        );
      })}
    </div>
  );
}
