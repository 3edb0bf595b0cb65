import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenName } from './routes';

type ScreenModule = Promise<{ default: ComponentType }>;

/** Each screen is its own chunk (spec §2: screens load on demand). */
const LOADERS: Record<ScreenName, () => ScreenModule> = {
  Auth: () => import('./screens/Auth'),
  Welcome: () => import('./screens/Welcome'),
  Dashboard: () => import('./screens/Dashboard'),
  TextToSpeech: () => import('./screens/TextToSpeech'),
  TTSPricing: () => import('./screens/TTSPricing'),
  ImageGeneration: () => import('./screens/ImageGeneration'),
  ScriptGenerator: () => import('./screens/ScriptGenerator'),
  ScriptGeneration: () => import('./screens/ScriptGeneration'),
  AgentPricing: () => import('./screens/AgentPricing'),
  AgentCreate: () => import('./screens/AgentCreate'),
  AgentVideo: () => import('./screens/AgentVideo'),
  AgentHistory: () => import('./screens/AgentHistory'),
  AgentStoryboard: () => import('./screens/AgentStoryboard'),
  GPURental: () => import('./screens/GPURental'),
  Analytics: () => import('./screens/Analytics'),
  MyRentals: () => import('./screens/MyRentals'),
  Billing: () => import('./screens/Billing'),
  Admin: () => import('./screens/Admin'),
  WatermarkRemoval: () => import('./screens/WatermarkRemoval'),
  BrandKit: () => import('./screens/BrandKit'),
};

export const SCREENS = Object.fromEntries(
  Object.entries(LOADERS).map(([name, load]) => [name, lazy(load)]),
) as Record<ScreenName, LazyExoticComponent<ComponentType>>;

/**
 * Screens pre-rendered to HTML at build time (the auth screen). React.lazy would leave its 'Loading...' fallback in
 * the HTML, so the page loads the module first and the server renders the component itself; the browser still
 * uses the lazy chunk, and hydration keeps the pre-rendered markup on screen until that chunk has arrived.
 */
const prerendered = new Map<ScreenName, ComponentType>();

export async function loadScreenForPrerender(name: ScreenName): Promise<void> {
  prerendered.set(name, (await LOADERS[name]()).default);
}

export function screenComponent(name: ScreenName): ComponentType {
  return (import.meta.env.SSR && prerendered.get(name)) || SCREENS[name];
}

/**
 * Starts downloading a screen's chunk ahead of rendering it (the first screen loads while the auth state
 * resolves). A failure here is ignored: rendering the screen retries the import and reports it.
 */
export function preloadScreen(name: ScreenName): void {
  LOADERS[name]().catch(() => undefined);
}
