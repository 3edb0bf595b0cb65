/**
 * The app's one modal shell: on <body> (the top bar's backdrop blur would otherwise become the box `position: fixed`
 * is measured from), a backdrop, a panel that is `aria-modal` and labelled by its title, focus kept inside it
 * (./dialog-focus.ts), Escape to dismiss and focus returned where it was. Each dialog brings only its contents.
 */
import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from './dialog-focus';
import { Icon } from './Icon';

export interface DialogProps {
  title: ReactNode;
  /** Escape, the Close button and (unless `backdropCloses` is false) the backdrop. */
  onClose: () => void;
  children: ReactNode;
  /** Where focus starts; the Close button when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** The Close button in the corner: a word, an icon, or none (the dialog has its own answers). */
  close?: 'text' | 'icon' | 'none';
  /** Beside the title, e.g. a badge. */
  aside?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** The id of what describes the dialog, for a question whose words matter (an alert dialog). */
  describedBy?: string;
  /** False where a click beside the dialog must not lose what it shows (a key shown once). */
  backdropCloses?: boolean;
  /** Extra classes of the panel (its width, padding). */
  className?: string;
  testId?: string;
}

export function Dialog({
  title,
  onClose,
  children,
  initialFocus,
  close = 'text',
  aside,
  role = 'dialog',
  describedBy,
  backdropCloses = true,
  className = 'card-pad gap-4',
  testId,
}: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  useDialogFocus(panel, initialFocus ?? closeButton, onClose);
  return createPortal(
    <>
      <div className="dialog-backdrop" onClick={backdropCloses ? onClose : undefined} aria-hidden="true" />
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is "dialog" or "alertdialog", both modal roles; the rule cannot read a role held in a variable */}
      <div
        ref={panel}
        className={`dialog-panel card grid ${className}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        data-testid={testId}
      >
        <div className="flex items-start justify-between gap-3">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-lg font-semibold text-fg">
              {title}
            </h2>
            {aside}
          </div>
          {close === 'text' ? (
            <button ref={closeButton} type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
              Close
            </button>
          ) : close === 'icon' ? (
            <button
              ref={closeButton}
              type="button"
              className="btn btn-ghost btn-sm !px-2"
              onClick={onClose}
              aria-label="Close"
            >
              <Icon name="close" className="size-4" />
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </>,
    document.body,
  );
}
