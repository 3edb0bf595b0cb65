/**
 * Mobile menu disclosure: the button's aria-expanded mirrors the menu's visibility. The menu closes on Escape
 * (focus returns to the button), when a link in it is followed, and when the viewport grows to the desktop nav.
 */
export function setUpMenuToggle(toggle: HTMLButtonElement, menu: HTMLElement, desktop: MediaQueryList): void {
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.hidden = !open;
  };

  toggle.addEventListener('click', () => setOpen(!isOpen()));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    toggle.focus();
  });
  menu.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
  });
  desktop.addEventListener('change', (event) => {
    if (event.matches) setOpen(false);
  });
  // A page restored from the back/forward cache keeps its DOM; show it with the menu closed.
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) setOpen(false);
  });
}
