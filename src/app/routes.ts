/**
 * The signed-in sub-app's route table: every [auth] route and the auth screen's three paths, each mapped
 * to the screen that renders it. Alias paths share a screen. Pure data, so the Astro pages (which pre-render one
 * HTML file per static path) and the unit tests read the same table as the router.
 */
export type ScreenName =
  | 'Auth'
  | 'Welcome'
  | 'Dashboard'
  | 'TextToSpeech'
  | 'TTSPricing'
  | 'ImageGeneration'
  | 'ScriptGenerator'
  | 'ScriptGeneration'
  | 'AgentPricing'
  | 'AgentCreate'
  | 'AgentVideo'
  | 'AgentHistory'
  | 'AgentStoryboard'
  | 'AgentBatch'
  | 'GPURental'
  | 'Analytics'
  | 'MyRentals'
  | 'Billing'
  | 'Admin'
  | 'WatermarkRemoval'
  | 'BrandKit'
  | 'Developers';

export type Access = 'auth' | 'public';

export interface AppRoute {
  /** React Router pattern; `:name` segments are ids served by the app shell. */
  path: string;
  screen: ScreenName;
  access: Access;
  /** Document title (before " · NXN"). */
  title: string;
  description: string;
}

const AUTH_DESCRIPTION =
  'Sign in or create your free NXN account to make videos, scripts, voice-overs and images with AI.';

export const APP_ROUTES: readonly AppRoute[] = [
  { path: '/login', screen: 'Auth', access: 'public', title: 'Sign in', description: AUTH_DESCRIPTION },
  { path: '/signup', screen: 'Auth', access: 'public', title: 'Create your account', description: AUTH_DESCRIPTION },
  { path: '/auth', screen: 'Auth', access: 'public', title: 'Sign in', description: AUTH_DESCRIPTION },
  { path: '/dashboard', screen: 'Dashboard', access: 'auth', title: 'Dashboard', description: 'Your NXN dashboard.' },
  { path: '/welcome', screen: 'Welcome', access: 'auth', title: 'Welcome', description: 'Get started with NXN.' },
  {
    path: '/create',
    screen: 'AgentCreate',
    access: 'auth',
    title: 'Create a video',
    description: 'Turn a script into a video.',
  },
  {
    path: '/nxn-agent/video/:videoId',
    screen: 'AgentVideo',
    access: 'auth',
    title: 'Video',
    description: 'A video made by the agent.',
  },
  {
    path: '/nxn-agent/storyboard/:storyboardId',
    screen: 'AgentStoryboard',
    access: 'auth',
    title: 'Storyboard',
    description: 'Review and edit the scenes of a video before it is rendered.',
  },
  {
    path: '/nxn-agent/batch/:batchId',
    screen: 'AgentBatch',
    access: 'auth',
    title: 'Batch',
    description: 'Videos made from the rows of a sheet.',
  },
  {
    path: '/nxn-agent/history',
    screen: 'AgentHistory',
    access: 'auth',
    title: 'Video history',
    description: 'Your videos.',
  },
  { path: '/history', screen: 'AgentHistory', access: 'auth', title: 'Video history', description: 'Your videos.' },
  {
    path: '/pricing',
    screen: 'AgentPricing',
    access: 'auth',
    title: 'Plans and credits',
    description: 'Plans and credits.',
  },
  { path: '/voice', screen: 'TextToSpeech', access: 'auth', title: 'Text to speech', description: 'Text to speech.' },
  {
    path: '/text-to-speech',
    screen: 'TextToSpeech',
    access: 'auth',
    title: 'Text to speech',
    description: 'Text to speech.',
  },
  {
    path: '/tts-pricing',
    screen: 'TTSPricing',
    access: 'auth',
    title: 'Voice pricing',
    description: 'Text-to-speech pricing.',
  },
  {
    path: '/scripts',
    screen: 'ScriptGenerator',
    access: 'auth',
    title: 'Script generator',
    description: 'Generate scripts.',
  },
  {
    path: '/script-generator',
    screen: 'ScriptGenerator',
    access: 'auth',
    title: 'Script generator',
    description: 'Generate scripts.',
  },
  {
    path: '/script/:scriptId',
    screen: 'ScriptGeneration',
    access: 'auth',
    title: 'Script',
    description: 'A generated script.',
  },
  {
    path: '/images',
    screen: 'ImageGeneration',
    access: 'auth',
    title: 'Image generator',
    description: 'Generate images.',
  },
  { path: '/rent-gpu', screen: 'GPURental', access: 'auth', title: 'Rent a GPU', description: 'Rent cloud GPUs.' },
  { path: '/my-rentals', screen: 'MyRentals', access: 'auth', title: 'My rentals', description: 'Your GPU rentals.' },
  {
    path: '/watermark-removal',
    screen: 'WatermarkRemoval',
    access: 'auth',
    title: 'Watermark removal',
    description: 'Remove watermarks from your own videos.',
  },
  { path: '/analytics', screen: 'Analytics', access: 'auth', title: 'Analytics', description: 'Your usage.' },
  {
    path: '/brand-kit',
    screen: 'BrandKit',
    access: 'auth',
    title: 'Brand kit',
    description: 'Your logo, colours, caption font and intro and outro cards.',
  },
  {
    path: '/billing',
    screen: 'Billing',
    access: 'auth',
    title: 'Billing',
    description: 'Your purchases and credit history.',
  },
  {
    path: '/account/developers',
    screen: 'Developers',
    access: 'auth',
    title: 'Developers',
    description: 'Your API keys and webhooks.',
  },
  // Admins only; everyone else sees "Page not found" there (the screen checks GET /me's `admin`).
  { path: '/admin', screen: 'Admin', access: 'auth', title: 'Operator console', description: 'Operator console.' },
];

export const isDynamicPath = (path: string): boolean => path.includes('/:');

/** Paths with a pre-rendered HTML file each; dynamic ones are answered by the app shell. */
export const STATIC_APP_ROUTES: readonly AppRoute[] = APP_ROUTES.filter((route) => !isDynamicPath(route.path));

export const PROTECTED_ROUTES: readonly AppRoute[] = APP_ROUTES.filter((route) => route.access === 'auth');
export const AUTH_ROUTES: readonly AppRoute[] = APP_ROUTES.filter((route) => route.screen === 'Auth');
