/**
 * "Where the pictures come from": the visual order, as the create form and the storyboard's settings offer it, with
 * what this server lacks said under the choice (no stock library, no image model: the scenes get illustrations).
 * Radios rather than a select: the orders' names are sentences, which a select cuts off in a narrow column.
 */
import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useId } from 'react';
import { missingSourcesNote, VISUAL_ORDER_LABELS, VISUAL_ORDERS, type VisualOrder } from '~/contract/video';
import { $pictureSources, loadPictureSources } from './picture-sources';

export function VisualOrderField({
  label,
  value,
  hint,
  error,
  onChange,
}: {
  label: string;
  value: VisualOrder;
  hint?: ReactNode;
  error?: string | undefined;
  onChange: (order: VisualOrder) => void;
}) {
  const id = useId();
  const sources = useStore($pictureSources);
  useEffect(() => void loadPictureSources(), []);
  const note = sources ? missingSourcesNote(value, { stock: sources.stock.available, ai: sources.ai.available }) : null;
  const describedBy =
    [hint ? `${id}-hint` : '', note ? `${id}-note` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <fieldset className="field" aria-describedby={describedBy}>
      <legend className="label mb-1.5">{label}</legend>
      <div className="grid gap-1">
        {VISUAL_ORDERS.map((order) => (
          <label
            key={order}
            className={`flex cursor-pointer items-start gap-2.5 rounded-lg border px-3 py-2 text-sm transition-colors ${value === order ? 'border-cyan-300/50 bg-cyan-300/[0.06] text-fg' : 'border-white/10 text-fg-muted hover:border-white/20'}`}
          >
            <input
              type="radio"
              name={id}
              className="mt-0.5 size-4 shrink-0 accent-cyan-400"
              checked={value === order}
              onChange={() => onChange(order)}
            />
            {VISUAL_ORDER_LABELS[order]}
          </label>
        ))}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {note ? (
        <p id={`${id}-note`} className="hint" data-testid="visual-order-note">
          {note}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
