import type { IconName } from '~/app/components/Icon';

export interface NavItem {
  to: string;
  label: string;
  icon: IconName;
}

/** The creation studios, in the public nav bar's order; studios the spec's nav bar does not name come after. */
export const STUDIOS: readonly NavItem[] = [
  { to: '/create', label: 'Agent', icon: 'video' },
  { to: '/scripts', label: 'Scripts', icon: 'script' },
  { to: '/voice', label: 'Voice', icon: 'voice' },
  { to: '/images', label: 'Images', icon: 'image' },
  { to: '/rent-gpu', label: 'GPU', icon: 'gpu' },
  { to: '/watermark-removal', label: 'Watermarks', icon: 'wand' },
];

/** Phone bottom bar: the dashboard plus the four content studios (GPU lives in the account menu there). */
export const BOTTOM_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Home', icon: 'dashboard' },
  ...STUDIOS.slice(0, 4),
];

export const ACCOUNT_LINKS: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: 'dashboard' },
  { to: '/history', label: 'Video history', icon: 'history' },
  { to: '/brand-kit', label: 'Brand kit', icon: 'sparkles' },
  { to: '/rent-gpu', label: 'Rent a GPU', icon: 'gpu' },
  { to: '/my-rentals', label: 'My rentals', icon: 'gpu' },
  { to: '/analytics', label: 'Analytics', icon: 'chart' },
  { to: '/pricing', label: 'Plans and credits', icon: 'tag' },
  { to: '/billing', label: 'Billing', icon: 'credits' },
  { to: '/account/developers', label: 'Developers', icon: 'lock' },
  { to: '/tts-pricing', label: 'Voice pricing', icon: 'tag' },
  { to: '/welcome', label: 'Getting started', icon: 'sparkles' },
];

/** Shown in the account menu only to admins (GET /me's `admin`). */
export const ADMIN_LINK: NavItem = { to: '/admin', label: 'Admin', icon: 'shield' };
