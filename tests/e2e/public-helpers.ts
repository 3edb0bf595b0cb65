/** Shared data and helpers for the public-site specs (tests/e2e/public-*.spec.ts). */
import type { BrowserContext, Page } from '@playwright/test';
import { brand } from '~/config/brand';

export { brand };

/** Every pre-rendered public page of the site, with its h1. */
export const PUBLIC_PAGES: Array<{ path: string; h1: RegExp }> = [
  { path: '/', h1: /Your Script, Our AI, Perfect Videos/ },
  { path: '/nxn-agent', h1: new RegExp(brand.agentName) },
  { path: '/gpu', h1: /Rent a GPU/ },
  { path: '/about', h1: /We turn ideas into finished content/ },
  { path: '/contact', h1: /We are here to help/ },
  { path: '/terms', h1: /Terms of Service/ },
  { path: '/privacy', h1: /Privacy Policy/ },
  { path: '/blog', h1: /Make better videos, faster/ },
  { path: '/blog/tts-tools', h1: /text-to-speech tools/ },
  { path: '/best-text-to-speech-tools', h1: /text-to-speech tools/ },
  { path: '/blog/script-to-video', h1: /turn a script into a video/ },
  { path: '/blog/scripts-that-hold-attention', h1: /Writing scripts that hold attention/ },
  { path: '/developers', h1: /Build on the NXN API/ },
];

/** Pages that must stay light: no Firebase and under 60 KB of compressed JavaScript. */
export const LIGHT_PAGES = [
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/blog',
  '/blog/tts-tools',
  '/gpu',
  '/nxn-agent',
  '/developers',
];

/** What the Firebase JS SDK with browserLocalPersistence leaves in localStorage for a signed-in user. */
export const AUTH_STORAGE_KEY = 'firebase:authUser:demo-api-key:[DEFAULT]';
export const AUTH_STORAGE_VALUE = JSON.stringify({ uid: 'e2e-user', email: 'e2e@example.com', stsTokenManager: {} });

/** Makes every page of the context start with a stored Firebase session, as after a real sign-in. */
export async function simulateSignedIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    AUTH_STORAGE_KEY,
    AUTH_STORAGE_VALUE,
  ] as const);
}

/** The page's origin with an `agent.` hostname, e.g. http://agent.localhost:4321. */
export function agentOrigin(page: Page, baseURL: string | undefined): string {
  const url = new URL(baseURL ?? page.url());
  return `${url.protocol}//agent.${url.hostname}:${url.port}`;
}

/** What a logo shows: the picture's file and the words beside it, for every `[data-logo]` of the page. */
export async function logosOf(page: Page): Promise<string[]> {
  return page
    .locator('[data-logo]')
    .evaluateAll((logos) =>
      logos.map(
        (logo) => `${logo.querySelector('img')?.getAttribute('src') ?? logo.innerHTML} ${logo.textContent?.trim()}`,
      ),
    );
}

/**
 * Words run into inline code, links or bold text (`with<code>GET</code>`, `</code>(`): Astro's HTML compression drops
 * a line break between text and a tag in the source, so each such place is listed as `before[element]after`.
 */
export async function gluedInline(page: Page): Promise<string[]> {
  return page.locator('body').evaluate((body) =>
    [...body.querySelectorAll('p code, li code, td code, p a, li a, p strong, li strong, p em, li em')].flatMap(
      (element) => {
        const text = (node: ChildNode | null) => (node?.nodeType === Node.TEXT_NODE ? (node.textContent ?? '') : '');
        const before = text(element.previousSibling);
        const after = text(element.nextSibling);
        return /[\p{L}\p{N})]$/u.test(before) || /^[\p{L}\p{N}(]/u.test(after)
          ? [`${before.slice(-20)}[${element.textContent}]${after.slice(0, 20)}`]
          : [];
      },
    ),
  );
}
