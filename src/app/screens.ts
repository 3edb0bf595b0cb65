import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenName } from './routes';

type ScreenModule = Promise<{ default: ComponentType }>;

/** Each screen is its own chunk (screens load on demand). */
const LOADERS: Record<ScreenName, () => ScreenModule> = {
  Auth: () => import('./features/account/Auth'),
  Welcome: () => import('./features/account/Welcome'),
  Dashboard: () => import('./features/dashboard/Dashboard'),
  TextToSpeech: () => import('./features/studios/TextToSpeech'),
  TTSPricing: () => import('./features/studios/TTSPricing'),
  ImageGeneration: () => import('./features/studios/ImageGeneration'),
  ScriptGenerator: () => import('./features/studios/ScriptGenerator'),
  ScriptGeneration: () => import('./features/studios/ScriptGeneration'),
  AgentPricing: () => import('./features/billing/AgentPricing'),
  // The create screen with its batch-from-a-sheet panel (two features, put together here).
  AgentCreate: () => import('./create-screen'),
  AgentVideo: () => import('./features/videos/AgentVideo'),
  AgentHistory: () => import('./features/videos/AgentHistory'),
  AgentStoryboard: () => import('./features/videos/AgentStoryboard'),
  AgentBatch: () => import('./features/batches/BatchPage'),
  GPURental: () => import('./features/gpu/GPURental'),
  Analytics: () => import('./features/analytics/Analytics'),
  MyRentals: () => import('./features/gpu/MyRentals'),
  Billing: () => import('./features/billing/Billing'),
  Admin: () => import('./features/admin/Admin'),
  WatermarkRemoval: () => import('./features/watermark/WatermarkRemoval'),
  BrandKit: () => import('./features/brand/BrandKit'),
  Developers: () => import('./features/developers/Developers'),
};

export const SCREENS = Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazy(load)])) as Record<
  ScreenName,
  LazyExoticComponent<ComponentType>
>;

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
