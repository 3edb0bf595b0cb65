/**
 * The one place that names the product and where it lives. Every value can be overridden at build time through a
 * PUBLIC_* environment variable, so a white-label or staging build needs no code change. The spec's {email},
 * {phone} and {host} placeholders all resolve here.
 */
const env: Record<string, string | undefined> = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

const pick = (name: string, fallback: string): string => {
  const value = env[name]?.trim();
  return value ? value : fallback;
};

/** Where a local stack's API answers; the API server also reads this default (`src/server/config/index.ts`) to know its own origins. */
export const DEFAULT_API_HOSTS = 'http://127.0.0.1:8787,http://127.0.0.1:8788';

/** Primary host first, then the fallback; the backend client tries them in this order. */
const apiHosts = pick('PUBLIC_API_HOSTS', DEFAULT_API_HOSTS)
  .split(',')
  .map((host) => host.trim().replace(/\/+$/, ''))
  .filter(Boolean);

export const brand = {
  productName: pick('PUBLIC_PRODUCT_NAME', 'NXN'),
  agentName: pick('PUBLIC_AGENT_NAME', 'NXN Agent'),
  supportEmail: pick('PUBLIC_SUPPORT_EMAIL', 'support@nxn.ai'),
  /** WhatsApp number in international format, digits only (wa.me links reject "+" and spaces). */
  supportWhatsApp: pick('PUBLIC_SUPPORT_WHATSAPP', '14155550123').replace(/\D/g, ''),
  apiHosts,
  siteUrl: pick('PUBLIC_SITE_URL', 'http://localhost:4321'),
} as const;

export type Brand = typeof brand;
