import { createRoot } from 'react-dom/client';
import SupportWidget, { type SupportWidgetProps } from './SupportWidget';

/** Replaces the static launcher inside `container` with the live widget, already open. */
export function mountSupportWidget(container: HTMLElement, props: SupportWidgetProps): void {
  createRoot(container).render(<SupportWidget {...props} initialView="options" />);
}
