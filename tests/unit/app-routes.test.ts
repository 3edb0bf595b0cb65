import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, type ScreenName, STATIC_APP_ROUTES } from '~/app/routes';
import { APP_SHELL_FILE, routeRequest } from '~/server/web/routing';

/** The product's route table, restricted to the sub-app's rows, and the studios added since: concrete URL → screen and access. */
const SPEC: [url: string, screen: ScreenName, access: 'auth' | 'public'][] = [
  ['/dashboard', 'Dashboard', 'auth'],
  ['/create', 'AgentCreate', 'auth'],
  ['/nxn-agent/video/abc123', 'AgentVideo', 'auth'],
  ['/nxn-agent/history', 'AgentHistory', 'auth'],
  ['/nxn-agent/storyboard/sb_1', 'AgentStoryboard', 'auth'],
  ['/nxn-agent/batch/b_1', 'AgentBatch', 'auth'],
  ['/history', 'AgentHistory', 'auth'],
  ['/pricing', 'AgentPricing', 'auth'],
  ['/voice', 'TextToSpeech', 'auth'],
  ['/text-to-speech', 'TextToSpeech', 'auth'],
  ['/tts-pricing', 'TTSPricing', 'auth'],
  ['/scripts', 'ScriptGenerator', 'auth'],
  ['/script-generator', 'ScriptGenerator', 'auth'],
  ['/script/9f8e7d', 'ScriptGeneration', 'auth'],
  ['/images', 'ImageGeneration', 'auth'],
  ['/rent-gpu', 'GPURental', 'auth'],
  ['/my-rentals', 'MyRentals', 'auth'],
  ['/welcome', 'Welcome', 'auth'],
  ['/login', 'Auth', 'public'],
  ['/signup', 'Auth', 'public'],
  ['/auth', 'Auth', 'public'],
  ['/analytics', 'Analytics', 'auth'],
  // Not in the spec's table: the billing page and the operator console of issue 10.
  ['/billing', 'Billing', 'auth'],
  ['/admin', 'Admin', 'auth'],
  // Beyond that table: the studio the spec's backend timeouts imply (`watermark-removal` requests get 600 s).
  ['/watermark-removal', 'WatermarkRemoval', 'auth'],
  // Issue 15: the account's brand kit.
  ['/brand-kit', 'BrandKit', 'auth'],
  // Issue 23: API keys and webhooks, under /account so the public API reference can have /developers.
  ['/account/developers', 'Developers', 'auth'],
];

const resolve = (url: string) => APP_ROUTES.filter((route) => matchPath(route.path, url));

describe('the sub-app route table', () => {
  it.each(SPEC)('%s renders %s with %s access', (url, screen, access) => {
    const matches = resolve(url);
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ screen, access });
  });

  it('has no route the spec does not list', () => {
    const specUrls = SPEC.map(([url]) => url);
    for (const route of APP_ROUTES) expect(specUrls.some((url) => matchPath(route.path, url))).toBe(true);
  });

  it('leaves the public pages to the static site', () => {
    for (const url of ['/', '/gpu', '/nxn-agent', '/blog', '/blog/tts-tools', '/terms', '/about'])
      expect(resolve(url)).toEqual([]);
  });

  it('reads the ids of the dynamic routes', () => {
    expect(matchPath('/nxn-agent/video/:videoId', '/nxn-agent/video/v_42')?.params).toEqual({ videoId: 'v_42' });
    expect(matchPath('/script/:scriptId', '/script/s-7')?.params).toEqual({ scriptId: 's-7' });
  });

  it('pre-renders every static path, and the web server answers the id routes with the app shell', () => {
    expect(STATIC_APP_ROUTES.map((route) => route.path).sort()).toEqual(
      SPEC.map(([url]) => url)
        .filter((url) => !/\/(video|storyboard|script|batch)\/[^/]+$/.test(url))
        .sort(),
    );
    for (const url of ['/nxn-agent/video/anything-at-all', '/nxn-agent/storyboard/b-1', '/script/123']) {
      expect(routeRequest(url, 'localhost')).toEqual({ kind: 'files', candidates: [APP_SHELL_FILE] });
    }
  });
});
