import { type RefObject, useEffect, useRef } from 'react';

/**
 * A modal's keyboard contract: focus starts on `initial`, Escape dismisses, Tab stays inside `panel` (among its
 * buttons and links), and focus goes back where it was when the dialog closes.
 */
export function useDialogFocus(
  panel: RefObject<HTMLElement | null>,
  initial: RefObject<HTMLElement | null>,
  onDismiss: () => void,
): void {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    initial.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismiss.current();
      if (event.key === 'Tab' && panel.current) {
        const buttons = [...panel.current.querySelectorAll<HTMLElement>('button:not(:disabled), a[href]')];
        const first = buttons[0];
        const last = buttons.at(-1);
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last?.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first?.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [panel, initial]);
}
