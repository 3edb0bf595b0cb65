import { createHash } from 'node:crypto';
import type { ServerConfig } from '~/server/config/index.ts';

/**
 * Content-Security-Policy for the HTML documents of the static build. Inline scripts are allowed by hash only
 * (Astro's island loader, the agent-host swap script), so the policy stays strict without a nonce-capable
 * renderer. The external origins are exactly what the Firebase Auth client (incl. Google sign-in popups and the
 * local Auth emulator) and the product backend need.
 */

export interface CspSources {
  /** Backend hosts the browser calls (primary and fallback), as origins. */
  apiHosts: readonly string[];
  /** Auth emulator origins (e.g. http://127.0.0.1:9099) when the app runs against the emulator. */
  authEmulatorOrigins: readonly string[];
  /** Firebase auth domain (e.g. my-project.firebaseapp.com) when a real project is configured. */
  firebaseAuthDomain?: string | undefined;
}

const GOOGLE_AUTH_CONNECT = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
  'https://apis.google.com',
];
const GOOGLE_AUTH_FRAMES = ['https://*.firebaseapp.com', 'https://accounts.google.com', 'https://apis.google.com'];

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** sha256 sources for every executable inline <script> in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

const origin = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const unique = (values: Iterable<string | null | undefined>): string[] => [
  ...new Set([...values].filter((value): value is string => Boolean(value))),
];

export function buildCsp(sources: CspSources, scriptHashes: readonly string[]): string {
  const apiOrigins = unique(sources.apiHosts.map(origin));
  const emulatorOrigins = unique(sources.authEmulatorOrigins.map(origin));
  const authDomain = sources.firebaseAuthDomain ? `https://${sources.firebaseAuthDomain}` : null;

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, 'https://apis.google.com'],
    // React and framer-motion write style attributes; Astro may inline small stylesheets.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...apiOrigins],
    'media-src': ["'self'", 'blob:', ...apiOrigins],
    'font-src': ["'self'"],
    'connect-src': unique(["'self'", ...apiOrigins, ...emulatorOrigins, ...GOOGLE_AUTH_CONNECT]),
    'frame-src': unique([...GOOGLE_AUTH_FRAMES, authDomain, ...emulatorOrigins]),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", 'mailto:'],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * The policy's inputs from the server's configuration. The browser bundle's values come from the same PUBLIC_*
 * variables at build time, so the two agree when both are built and run with one environment.
 */
export function cspSources(config: Pick<ServerConfig, 'apiHosts' | 'site'>): CspSources {
  const emulatorHosts = (config.site.authEmulatorHost ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return {
    apiHosts: config.apiHosts,
    authEmulatorOrigins: emulatorHosts.flatMap((host) => {
      const withScheme = /^https?:\/\//.test(host) ? host : `http://${host}`;
      const port = origin(withScheme)?.split(':').at(-1);
      // The SDK may be pointed at localhost or 127.0.0.1; both name the same emulator.
      return [withScheme, `http://localhost:${port}`, `http://127.0.0.1:${port}`];
    }),
    firebaseAuthDomain: config.site.firebaseAuthDomain,
  };
}
