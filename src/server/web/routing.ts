/**
 * Maps a request (path + Host) to the files in the static build that may answer it. Pure: the server checks which
 * candidate exists, so this module can be unit-tested without a build.
 */

/** Built file of the agent landing; on an `agent.*` host it answers `/` so the URL stays `/`. */
export const AGENT_LANDING_FILE = 'nxn-agent/index.html';
/** The signed-in sub-app's HTML shell, emitted by the app build; it renders dynamic routes client-side. */
export const APP_SHELL_FILE = 'app-shell/index.html';
export const NOT_FOUND_FILE = '404.html';

/** Routes with an id segment that cannot be pre-rendered; any id gets the app shell. */
const APP_SHELL_ROUTES = [/^\/nxn-agent\/(?:video|storyboard|batch)\/[^/]+\/?$/, /^\/script\/[^/]+\/?$/];

export type Route =
  | { kind: 'bad-request' }
  /** Try `candidates` in order (paths relative to the build directory); none existing means 404. */
  | { kind: 'files'; candidates: string[] };

export function isAgentHost(host: string | undefined): boolean {
  return (host ?? '').toLowerCase().includes('agent.');
}

/** Decodes the URL path and rejects anything that could escape the build directory. */
export function safePathname(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.')) return null;
  return decoded.replace(/\/{2,}/g, '/');
}

export function routeRequest(rawPath: string, host: string | undefined): Route {
  const pathname = safePathname(rawPath);
  if (pathname === null) return { kind: 'bad-request' };

  if (pathname === '/' && isAgentHost(host)) return { kind: 'files', candidates: [AGENT_LANDING_FILE] };
  if (APP_SHELL_ROUTES.some((pattern) => pattern.test(pathname))) {
    return { kind: 'files', candidates: [APP_SHELL_FILE] };
  }

  const relative = pathname.slice(1);
  if (relative === '' || relative.endsWith('/')) return { kind: 'files', candidates: [`${relative}index.html`] };
  // Astro's directory format builds /about as about/index.html; /about and /about/ both answer with it.
  return { kind: 'files', candidates: [relative, `${relative}/index.html`] };
}
