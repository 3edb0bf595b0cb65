/** A modal question with a destructive answer: Escape or the backdrop cancels, focus starts on "Cancel". */
import { type ReactNode, useId, useRef } from 'react';
import { Dialog } from './Dialog';
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
  const bodyId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog title={title} onClose={onCancel} initialFocus={cancel} close="none" role="alertdialog" describedBy={bodyId}>
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
    </Dialog>
  );
}
