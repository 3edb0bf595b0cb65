/** A modal question with a destructive answer: Escape or the backdrop cancels, focus starts on "Cancel". */
import { type ReactNode, useId, useRef } from 'react';
import { useDialogFocus } from './dialog-focus';
import { Spinner } from './Spinner';

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useDialogFocus(panel, cancel, onCancel);

  return (
    <>
      <div className="dialog-backdrop" onClick={onCancel} aria-hidden="true" />
      <div
        ref={panel}
        className="dialog-panel card card-pad grid gap-4"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        <div id={bodyId} className="text-sm text-fg-muted">
          {children}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button ref={cancel} type="button" className="btn btn-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm} disabled={busy}>
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </>
  );
}
