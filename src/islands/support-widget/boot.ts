import type { SupportWidgetProps } from './SupportWidget';

/**
 * Hydrate-on-interaction for the support widget. React (≈60 KB compressed) is too heavy to load on every blog
 * and legal page just for a closed button, so the page ships the launcher as plain HTML and loads the widget when
 * the visitor reaches for it: the chunk is fetched on hover, focus or touch and mounted (open) on click. If it
 * cannot load (offline), the click falls back to the contact page.
 */
export function bootSupportWidget(container: HTMLElement, props: SupportWidgetProps): void {
  const launcher = container.querySelector<HTMLButtonElement>('button');
  if (!launcher) return;

  let loading: Promise<typeof import('./mount')> | undefined;
  const load = () => (loading ??= import('./mount'));
  for (const intent of ['pointerenter', 'focus', 'touchstart'] as const) {
    launcher.addEventListener(intent, () => void load().catch(() => undefined), { once: true, passive: true });
  }

  launcher.addEventListener(
    'click',
    () => {
      launcher.setAttribute('aria-busy', 'true');
      load()
        .then(({ mountSupportWidget }) => mountSupportWidget(container, props))
        .catch(() => window.location.assign('/contact'));
    },
    { once: true },
  );
}
