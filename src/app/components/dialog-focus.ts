import { type RefObject, useEffect, useRef } from 'react';

/** What Tab can reach inside a dialog: its enabled controls and links, not what is taken out of the tab order. */
const FOCUSABLE =
  'button:not(:disabled), a[href], input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]';

const tabbable = (panel: HTMLElement): HTMLElement[] =>
  [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0);

/**
 * A modal's keyboard contract: focus starts on `initial`, Escape dismisses, Tab stays inside `panel`, and focus goes
 * back where it was when the dialog closes. Used by the one dialog shell (./Dialog.tsx).
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
      if (event.key !== 'Tab' || !panel.current) return;
      const reachable = tabbable(panel.current);
      const first = reachable[0];
      const last = reachable.at(-1);
      const inside = panel.current.contains(document.activeElement);
      if (!inside || (event.shiftKey && document.activeElement === first)) {
        event.preventDefault();
        (event.shiftKey ? last : first)?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [panel, initial]);
}
