/**
 * "Where the pictures come from": the visual order, as the create form and the storyboard's settings offer it, with
 * what this server lacks said under the choice (no stock library, no image model: the scenes get illustrations).
 */
import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import { missingSourcesNote, VISUAL_ORDER_LABELS, VISUAL_ORDERS, type VisualOrder } from '~/contract/video';
import { $pictureSources, loadPictureSources } from '~/stores/picture-sources';
import { Field } from './Field';

export function VisualOrderField({ label, value, hint, error, onChange }: { label: string; value: VisualOrder; hint?: ReactNode; error?: string | undefined; onChange: (order: VisualOrder) => void }) {
  const sources = useStore($pictureSources);
  useEffect(() => void loadPictureSources(), []);
  const note = sources ? missingSourcesNote(value, { stock: sources.stock.available, ai: sources.ai.available }) : null;
  return (
    <Field
      label={label}
      error={error}
      hint={
        hint || note ? (
          <>
            {hint}
            {note ? (
              <span className={`block ${hint ? 'mt-1' : ''}`} data-testid="visual-order-note">
                {note}
              </span>
            ) : null}
          </>
        ) : undefined
      }
    >
      {(props) => (
        <select {...props} className="input" value={value} onChange={(e) => onChange(e.target.value as VisualOrder)}>
          {VISUAL_ORDERS.map((order) => (
            <option key={order} value={order}>
              {VISUAL_ORDER_LABELS[order]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
