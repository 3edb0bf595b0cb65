/**
 * The one typed view of the server's environment, and the only code that reads it: every variable is parsed here,
 * once, and everything else receives the result. Defaults give a working local stack (PGlite under ./data, Auth
 * emulator, local disk storage) so `npm start` needs no configuration at all.
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_HOSTS } from '../../config/brand.ts';
import { linkKeyFile, readOrCreateLinkKey } from './link-key.ts';

export type Role = 'web' | 'api' | 'worker';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface ServerConfig {
  roles: Role[];
  /** Interface to bind; unset → all interfaces, dual-stack, so both localhost and 127.0.0.1 reach the servers. */
  host: string | undefined;
  port: number;
  apiPort: number;
  dataDir: string;
  /** Narration and scene pictures kept under DATA_DIR/cache for storyboard re-renders; least recently used go past this. */
  videoCacheMaxBytes: number;
  /** Storyboard narration previews a user may ask for per minute (beyond those already cached). */
  narrationPreviewsPerMinute: number;
  /** Storyboard scene pictures a user may have made per minute for previews (beyond those already cached). */
  visualPreviewsPerMinute: number;
  /** Set → PostgreSQL through node-postgres; unset → embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  firebase: {
    projectId: string;
    /** host:port of the Auth emulator; undefined for a real project (tokens then verified against Google's keys). */
    authEmulatorHost: string | undefined;
    /**
     * AUTH_EMULATOR_EXPORT_DIR: where `npm start` keeps the emulator's accounts (DATA_DIR/auth/accounts); the API
     * saves them there after each new or changed profile (auth/emulator-export.ts). Only with an emulator.
     */
    emulatorExportDir: string | undefined;
  };
  corsOrigins: string[];
  /** ADMIN_EMAILS, lower-cased: verified e-mail addresses that may use the operator console (see auth/admin.ts). */
  adminEmails: string[];
  /** Key for HMAC-signed download URLs (`/files/:id?exp=&sig=`): FILE_URL_SECRET, or outside production a random key kept in the data directory. */
  fileUrlSecret: string;
  /** Where files live: under localDir, or in an S3-compatible bucket (path-style). */
  storage: { driver: 'local'; localDir: string } | { driver: 's3'; localDir: string; s3: S3Config };
  providers: {
    openaiApiKey: string | undefined;
    openaiBaseUrl: string;
    /** Model for OpenAI images (the images need openaiApiKey). */
    openaiImageModel: string;
    elevenlabsApiKey: string | undefined;
    elevenlabsBaseUrl: string;
    azureSpeechKey: string | undefined;
    /** AZURE_SPEECH_ENDPOINT, or the region's endpoint built from AZURE_SPEECH_REGION; undefined → neither given. */
    azureSpeechBaseUrl: string | undefined;
    googleTtsApiKey: string | undefined;
    googleTtsBaseUrl: string;
    /** The Festival program for the offline Festival HTS voice; its voice is offered only when it is installed. */
    festivalPath: string;
    /** Set → FLUX images on fal.ai. */
    falApiKey: string | undefined;
    falBaseUrl: string;
    falModel: string;
    /** Set → stock clips and photos for video scenes from Pexels. */
    pexelsApiKey: string | undefined;
    pexelsApiUrl: string;
    /** Set → stock clips and photos for video scenes from Pixabay. */
    pixabayApiKey: string | undefined;
    pixabayApiUrl: string;
  };
  /** The chat model that writes scripts; undefined → the built-in writer. */
  llm: LlmConfig | undefined;
  payments: PaymentsConfig;
  gpu: GpuConfig;
  logLevel: LogLevel;
  /** Per-process token buckets (see http/rate-limit.ts). */
  rateLimit: { ip: { perMinute: number; burst: number }; user: { perMinute: number; burst: number } };
  /** Take the client IP from X-Forwarded-For (only behind a proxy/load balancer that sets it). */
  trustProxy: boolean;
  /**
   * Request body limits in bytes: `json` for every route that does not declare its own, `upload` for the raw file
   * upload (POST /files/upload), which streams to storage and enforces it while reading.
   */
  bodyLimit: { json: number; upload: number };
  /** Bytes each user may keep in storage; an upload that would pass it is refused. */
  storageQuotaBytes: number;
  /** Watermark removal: the largest and longest video taken, and the x264 preset of the render (CRF 18 either way). */
  watermark: { maxBytes: number; maxMinutes: number; x264Preset: X264Preset };
  jobs: {
    /** Jobs one worker process runs at once, per kind (each media job may use a child process). */
    concurrency: number;
    /** How often a worker looks for new jobs when idle. */
    pollSeconds: number;
    /** How often jobs with a silent worker (missed heartbeats) are found and retried. */
    monitorSeconds: number;
  };
  /** Public base URL of the API for absolute signed file URLs; unset → a trusted origin (see apiHosts). */
  publicApiUrl: string | undefined;
  /**
   * Origins the API is reached at, primary first (PUBLIC_API_HOSTS, the list the browser build uses). Without
   * PUBLIC_API_URL, signed links use the request's origin only when it is one of these (or loopback on the API's
   * port), never an arbitrary Host header.
   */
  apiHosts: string[];
  /**
   * How the browser build signs in (its PUBLIC_FIREBASE_* variables, read again at start), so the web role's
   * Content-Security-Policy allows exactly that.
   */
  site: {
    /** host:port (or a comma list) of the Auth emulator the pages may talk to; undefined with a real project. */
    authEmulatorHost: string | undefined;
    /** Auth domain of a real Firebase project (sign-in popups are framed from it). */
    firebaseAuthDomain: string | undefined;
  };
}

export interface S3Config {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Which chat model writes scripts. LLM_BASE_URL alone is enough for keyless local servers (Ollama:
 * http://127.0.0.1:11434/v1, LM Studio: http://127.0.0.1:1234/v1, vLLM: http://host:8000/v1); LLM_API_KEY alone
 * means OpenAI itself.
 */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

/** Buying credits through Stripe Checkout. */
export interface PaymentsConfig {
  /** Undefined → credits cannot be bought (no key configured); the dialog says so. */
  stripe: StripeConfig | undefined;
  /** ISO 4217 code, lower case as Stripe writes it. */
  currency: string;
  /** Stripe is the local sandbox started by `npm start` (PAYMENTS_SANDBOX): no real money moves. */
  sandbox: boolean;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (the sandbox, a test server); undefined → Stripe itself. */
  apiBase: string | undefined;
}

/** GPU rental: the clouds with a key (RunPod also in sandbox mode), prices, limits and the reconcile loop's pace. */
export interface GpuConfig {
  /** RUNPOD_API_URL is the local sandbox (npm start without a key): everything is labelled as not a real GPU. */
  sandbox: boolean;
  runpod: { apiKey: string | undefined; baseUrl: string };
  lambda: { apiKey: string | undefined; baseUrl: string };
  timeoutMs: number;
  /** Credits per hour = provider dollars per hour × creditsPerUsd × margin, rounded up. */
  margin: number;
  creditsPerUsd: number;
  /** Machines one user may have that are not stopped or over. */
  maxActivePerUser: number;
  launchesPerHour: number;
  /** How often the worker mirrors the providers and settles credits. */
  tickSeconds: number;
  /** Minutes of use held ahead; a settlement (two ledger rows) happens about once per this many minutes. */
  holdMinutes: number;
  /** A running machine is stopped when the user's credits cover fewer minutes than this. */
  autoStopMinutes: number;
}

type Env = Record<string, string | undefined>;

const X264_PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'] as const;
export type X264Preset = (typeof X264_PRESETS)[number];

const ROLES: readonly Role[] = ['web', 'api', 'worker'];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies readonly LogLevel[];
const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';
const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const RUNPOD_API_URL = 'https://api.runpod.io/v2';
/** The browser gives up on a request after 30 s; the script writer has to answer (or fail cleanly) before that. */
const DEFAULT_LLM_TIMEOUT_MS = 25_000;
const MiB = 1024 * 1024;
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

// Each variable's schema sees its trimmed value, or undefined when it is unset or blank. Messages say what is
// expected; describeIssues adds the variable's name and the value given.
const text = () => z.string().optional();

const wholeNumber = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (Number.isInteger(value) && value >= min && value <= max) return value;
      ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}` });
      return z.NEVER;
    });
const port = (fallback: number) => wholeNumber(fallback, 0, 65_535);

const decimal = (fallback: number, min: number) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const value = Number(raw);
      if (Number.isFinite(value) && value >= min) return value;
      ctx.addIssue({ code: 'custom', message: `must be a number of at least ${min}` });
      return z.NEVER;
    });

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` }).default(fallback);

const flag = () =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const value = raw?.toLowerCase();
      if (value === undefined || ['0', 'false', 'no'].includes(value)) return false;
      if (['1', 'true', 'yes'].includes(value)) return true;
      ctx.addIssue({ code: 'custom', message: 'must be true or false' });
      return z.NEVER;
    });

/** An http(s) base URL, kept without trailing slashes so paths can be appended. */
const baseUrl = () =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .optional()
    .transform((url) => url?.replace(/\/+$/, ''));

/** A comma list of URLs, kept as origins. */
const origins = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx) => {
      const items = raw.split(',').map((item) => item.trim()).filter(Boolean);
      const list = items.flatMap((item) => (URL.canParse(item) ? [new URL(item).origin] : []));
      if (list.length === items.length) return list;
      ctx.addIssue({ code: 'custom', message: 'must be a comma list of URLs' });
      return z.NEVER;
    });

/** A comma list of e-mail addresses, lower-cased (Firebase keeps addresses as typed; mailboxes ignore case). */
const emails = () =>
  z
    .string()
    .default('')
    .transform((raw, ctx) => {
      const items = raw.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean);
      if (items.every((item) => z.email().safeParse(item).success)) return items;
      ctx.addIssue({ code: 'custom', message: 'must be a comma list of e-mail addresses' });
      return z.NEVER;
    });

const roles = () =>
  z
    .string()
    .default('all')
    .transform((raw, ctx) => {
      const names = raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
      const known = (name: string): name is Role | 'all' => name === 'all' || (ROLES as readonly string[]).includes(name);
      if (names.length > 0 && names.every(known)) return ROLES.filter((role) => names.includes(role) || names.includes('all'));
      ctx.addIssue({ code: 'custom', message: `must be all, ${ROLES.join(', ')} or a comma list of them` });
      return z.NEVER;
    });

/** Every variable the server reads, by name. */
const envSchema = z
  .object({
    NODE_ENV: text(),
    ROLE: roles(),
    HOST: text(),
    PORT: port(4321),
    API_PORT: port(8787),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: text(),
    FIREBASE_PROJECT_ID: z.string().default('demo-nxn'),
    FIREBASE_AUTH_EMULATOR_HOST: text(),
    AUTH_EMULATOR_EXPORT_DIR: text(),
    CORS_ORIGINS: origins('http://localhost:4321,http://127.0.0.1:4321'),
    ADMIN_EMAILS: emails(),
    FILE_URL_SECRET: text(),
    PUBLIC_API_URL: baseUrl(),
    PUBLIC_API_HOSTS: origins(DEFAULT_API_HOSTS),
    PUBLIC_FIREBASE_API_KEY: text(),
    PUBLIC_FIREBASE_AUTH_DOMAIN: text(),
    PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: text(),
    STORAGE_DRIVER: oneOf(['local', 's3'], 'local'),
    S3_ENDPOINT: baseUrl(),
    S3_BUCKET: text(),
    S3_REGION: z.string().default('auto'),
    S3_ACCESS_KEY_ID: text(),
    S3_SECRET_ACCESS_KEY: text(),
    STORAGE_QUOTA_BYTES: wholeNumber(2 * 1024 * MiB),
    BODY_LIMIT_BYTES: wholeNumber(MiB),
    UPLOAD_LIMIT_BYTES: wholeNumber(512 * MiB),
    VIDEO_CACHE_MAX_BYTES: wholeNumber(2 * 1024 * MiB, 16 * MiB),
    NARRATION_PREVIEWS_PER_MINUTE: wholeNumber(60, 1),
    VISUAL_PREVIEWS_PER_MINUTE: wholeNumber(30, 1),
    WATERMARK_MAX_BYTES: wholeNumber(2 * 1024 * MiB, 1),
    WATERMARK_MAX_MINUTES: wholeNumber(30, 1, 24 * 60),
    WATERMARK_X264_PRESET: oneOf(X264_PRESETS, 'faster'),
    RATE_LIMIT_IP_PER_MINUTE: wholeNumber(600),
    RATE_LIMIT_IP_BURST: wholeNumber(200),
    RATE_LIMIT_USER_PER_MINUTE: wholeNumber(300),
    RATE_LIMIT_USER_BURST: wholeNumber(100),
    TRUST_PROXY: flag(),
    WORKER_CONCURRENCY: wholeNumber(2, 1),
    JOB_POLL_SECONDS: wholeNumber(1, 1),
    JOB_MONITOR_SECONDS: wholeNumber(15, 1),
    LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
    OPENAI_API_KEY: text(),
    OPENAI_BASE_URL: baseUrl(),
    OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
    ELEVENLABS_API_KEY: text(),
    ELEVENLABS_BASE_URL: baseUrl(),
    AZURE_SPEECH_KEY: text(),
    AZURE_SPEECH_REGION: z
      .string()
      .regex(/^[a-z0-9]+$/, 'must be an Azure region name such as westeurope')
      .optional(),
    AZURE_SPEECH_ENDPOINT: baseUrl(),
    GOOGLE_TTS_API_KEY: text(),
    GOOGLE_TTS_API_URL: baseUrl(),
    FESTIVAL_PATH: z.string().min(1).default('/usr/bin/festival'),
    FAL_KEY: text(),
    FAL_BASE_URL: baseUrl(),
    FAL_MODEL: z.string().default('fal-ai/flux/dev'),
    PEXELS_API_KEY: text(),
    PEXELS_API_URL: baseUrl(),
    PIXABAY_API_KEY: text(),
    PIXABAY_API_URL: baseUrl(),
    LLM_BASE_URL: baseUrl(),
    LLM_API_KEY: text(),
    LLM_MODEL: text(),
    LLM_TIMEOUT_MS: wholeNumber(DEFAULT_LLM_TIMEOUT_MS, 1),
    STRIPE_SECRET_KEY: text(),
    STRIPE_WEBHOOK_SECRET: text(),
    STRIPE_API_BASE: baseUrl(),
    PAYMENTS_CURRENCY: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 currency code')
      .refine((code) => Intl.supportedValuesOf('currency').includes(code.toUpperCase()), 'must be a currency Intl knows')
      .default('usd')
      .transform((code) => code.toLowerCase()),
    PAYMENTS_SANDBOX: flag(),
    RUNPOD_API_KEY: text(),
    RUNPOD_API_URL: baseUrl(),
    LAMBDA_API_KEY: text(),
    LAMBDA_API_URL: baseUrl(),
    GPU_SANDBOX: flag(),
    GPU_PRICE_MARGIN: decimal(1.3, 1),
    GPU_CREDITS_PER_USD: decimal(100, 1),
    GPU_MAX_ACTIVE_PER_USER: wholeNumber(2, 0),
    GPU_LAUNCHES_PER_HOUR: wholeNumber(10, 1),
    GPU_TICK_SECONDS: wholeNumber(20, 1),
    GPU_HOLD_MINUTES: wholeNumber(10, 2),
    GPU_AUTO_STOP_MINUTES: wholeNumber(2, 1),
  })
  // Rules between variables.
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    // Never a fixed default: anyone could forge links with it. Outside production a generated key is kept instead.
    if (env.AZURE_SPEECH_KEY && !env.AZURE_SPEECH_REGION && !env.AZURE_SPEECH_ENDPOINT) {
      ctx.addIssue({ code: 'custom', path: ['AZURE_SPEECH_REGION'], message: 'or AZURE_SPEECH_ENDPOINT is required with AZURE_SPEECH_KEY' });
    }
    if (production && !env.FILE_URL_SECRET) ctx.addIssue({ code: 'custom', path: ['FILE_URL_SECRET'], message: 'is required when NODE_ENV=production' });
    // The emulator accepts unsigned tokens, so production refuses it outright.
    if (production && env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({ code: 'custom', path: ['FIREBASE_AUTH_EMULATOR_HOST'], message: 'must not be set when NODE_ENV=production' });
    }
    if (production && env.AUTH_EMULATOR_EXPORT_DIR) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_EMULATOR_EXPORT_DIR'], message: 'must not be set when NODE_ENV=production' });
    }
    if (env.STORAGE_DRIVER === 's3') {
      for (const name of S3_REQUIRED) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE_DRIVER=s3' });
      }
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['STRIPE_WEBHOOK_SECRET'], message: 'is required when STRIPE_SECRET_KEY is set (webhooks are how payments are credited)' });
    }
    // The sandbox credits accounts without money; a production server must never believe in it.
    if (production && env.PAYMENTS_SANDBOX) ctx.addIssue({ code: 'custom', path: ['PAYMENTS_SANDBOX'], message: 'must not be set when NODE_ENV=production' });
    // The sandbox rents nothing real; a production deployment must never show it to paying users.
    if (production && env.GPU_SANDBOX) ctx.addIssue({ code: 'custom', path: ['GPU_SANDBOX'], message: 'must not be set when NODE_ENV=production' });
    if (env.GPU_SANDBOX && !env.RUNPOD_API_URL) ctx.addIssue({ code: 'custom', path: ['RUNPOD_API_URL'], message: 'must point at the sandbox when GPU_SANDBOX is set' });
    if (env.LLM_BASE_URL && !env.LLM_MODEL) ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'is required when LLM_BASE_URL points at a non-OpenAI server' });
    // These rules run even when a variable failed, so one error lists every problem; they only ask whether a
    // variable is set, which a failed value does not confuse.
  }, { when: () => true });

type ParsedEnv = z.output<typeof envSchema>;

/** The names of every variable the server reads (the README's Configuration section lists them all). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/** One line per problem: the variable, what it must be, and the value given (when one was). */
function describeIssues(issues: readonly z.core.$ZodIssue[], env: Env): string {
  const problems = issues.map((issue) => {
    const name = String(issue.path[0]);
    const given = env[name];
    return `${name} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
  });
  return `Invalid configuration: ${[...new Set(problems)].join('; ')}`;
}

/**
 * The emulator is the default only for a `demo-*` project (Firebase's emulator-only namespace) outside production,
 * so it is never used by accident with a real project.
 */
function authEmulatorHost(env: ParsedEnv, production: boolean): string | undefined {
  if (env.FIREBASE_AUTH_EMULATOR_HOST) return env.FIREBASE_AUTH_EMULATOR_HOST;
  return !production && env.FIREBASE_PROJECT_ID.startsWith('demo-') ? DEFAULT_EMULATOR_HOST : undefined;
}

function firebaseConfig(env: ParsedEnv, production: boolean): ServerConfig['firebase'] {
  const emulator = authEmulatorHost(env, production);
  const exportDir = emulator && env.AUTH_EMULATOR_EXPORT_DIR ? path.resolve(env.AUTH_EMULATOR_EXPORT_DIR) : undefined;
  return { projectId: env.FIREBASE_PROJECT_ID, authEmulatorHost: emulator, emulatorExportDir: exportDir };
}

function storageConfig(env: ParsedEnv, localDir: string): ServerConfig['storage'] {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local', localDir };
  // The schema has refused s3 without every S3_REQUIRED variable.
  const s3 = { endpoint: env.S3_ENDPOINT!, bucket: env.S3_BUCKET!, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! };
  return { driver: 's3', localDir, s3 };
}

function llmConfig(env: ParsedEnv): LlmConfig | undefined {
  if (!env.LLM_BASE_URL && !env.LLM_API_KEY) return undefined;
  return {
    baseUrl: env.LLM_BASE_URL ?? OPENAI_BASE_URL,
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL ?? 'gpt-4o-mini',
    timeoutMs: env.LLM_TIMEOUT_MS,
  };
}

function paymentsConfig(env: ParsedEnv): PaymentsConfig {
  const stripe =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE }
      : undefined;
  return { stripe, currency: env.PAYMENTS_CURRENCY, sandbox: env.PAYMENTS_SANDBOX };
}

/** Parses the environment; a wrong value throws one Error naming every bad variable. */
export function loadConfig(source: Env = process.env): ServerConfig {
  const raw: Env = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, source[name]?.trim() || undefined]));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) throw new Error(describeIssues(parsed.error.issues, raw));
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);

  return {
    roles: env.ROLE,
    host: env.HOST,
    port: env.PORT,
    apiPort: env.API_PORT,
    dataDir,
    videoCacheMaxBytes: env.VIDEO_CACHE_MAX_BYTES,
    narrationPreviewsPerMinute: env.NARRATION_PREVIEWS_PER_MINUTE,
    visualPreviewsPerMinute: env.VISUAL_PREVIEWS_PER_MINUTE,
    databaseUrl: env.DATABASE_URL,
    firebase: firebaseConfig(env, production),
    corsOrigins: env.CORS_ORIGINS,
    adminEmails: env.ADMIN_EMAILS,
    // The generated key survives local restarts (see link-key.ts).
    fileUrlSecret: env.FILE_URL_SECRET ?? readOrCreateLinkKey(linkKeyFile(dataDir)),
    storage: storageConfig(env, path.join(dataDir, 'files')),
    providers: {
      openaiApiKey: env.OPENAI_API_KEY,
      openaiBaseUrl: env.OPENAI_BASE_URL ?? OPENAI_BASE_URL,
      openaiImageModel: env.OPENAI_IMAGE_MODEL,
      elevenlabsApiKey: env.ELEVENLABS_API_KEY,
      elevenlabsBaseUrl: env.ELEVENLABS_BASE_URL ?? 'https://api.elevenlabs.io',
      azureSpeechKey: env.AZURE_SPEECH_KEY,
      azureSpeechBaseUrl: env.AZURE_SPEECH_ENDPOINT ?? (env.AZURE_SPEECH_REGION ? `https://${env.AZURE_SPEECH_REGION}.tts.speech.microsoft.com` : undefined),
      googleTtsApiKey: env.GOOGLE_TTS_API_KEY,
      googleTtsBaseUrl: env.GOOGLE_TTS_API_URL ?? 'https://texttospeech.googleapis.com',
      festivalPath: env.FESTIVAL_PATH,
      falApiKey: env.FAL_KEY,
      falBaseUrl: env.FAL_BASE_URL ?? 'https://fal.run',
      falModel: env.FAL_MODEL,
      pexelsApiKey: env.PEXELS_API_KEY,
      pexelsApiUrl: env.PEXELS_API_URL ?? 'https://api.pexels.com',
      pixabayApiKey: env.PIXABAY_API_KEY,
      pixabayApiUrl: env.PIXABAY_API_URL ?? 'https://pixabay.com',
    },
    llm: llmConfig(env),
    payments: paymentsConfig(env),
    gpu: {
      sandbox: env.GPU_SANDBOX,
      // The sandbox takes any key; a real RunPod needs its own.
      runpod: { apiKey: env.RUNPOD_API_KEY ?? (env.GPU_SANDBOX ? 'sandbox' : undefined), baseUrl: env.RUNPOD_API_URL ?? RUNPOD_API_URL },
      lambda: { apiKey: env.LAMBDA_API_KEY, baseUrl: env.LAMBDA_API_URL ?? 'https://cloud.lambda.ai' },
      timeoutMs: 15_000,
      margin: env.GPU_PRICE_MARGIN,
      creditsPerUsd: env.GPU_CREDITS_PER_USD,
      maxActivePerUser: env.GPU_MAX_ACTIVE_PER_USER,
      launchesPerHour: env.GPU_LAUNCHES_PER_HOUR,
      tickSeconds: env.GPU_TICK_SECONDS,
      holdMinutes: env.GPU_HOLD_MINUTES,
      autoStopMinutes: env.GPU_AUTO_STOP_MINUTES,
    },
    logLevel: env.LOG_LEVEL,
    rateLimit: {
      ip: { perMinute: env.RATE_LIMIT_IP_PER_MINUTE, burst: env.RATE_LIMIT_IP_BURST },
      user: { perMinute: env.RATE_LIMIT_USER_PER_MINUTE, burst: env.RATE_LIMIT_USER_BURST },
    },
    trustProxy: env.TRUST_PROXY,
    bodyLimit: { json: env.BODY_LIMIT_BYTES, upload: env.UPLOAD_LIMIT_BYTES },
    storageQuotaBytes: env.STORAGE_QUOTA_BYTES,
    watermark: { maxBytes: env.WATERMARK_MAX_BYTES, maxMinutes: env.WATERMARK_MAX_MINUTES, x264Preset: env.WATERMARK_X264_PRESET },
    jobs: { concurrency: env.WORKER_CONCURRENCY, pollSeconds: env.JOB_POLL_SECONDS, monitorSeconds: env.JOB_MONITOR_SECONDS },
    publicApiUrl: env.PUBLIC_API_URL,
    apiHosts: env.PUBLIC_API_HOSTS,
    site: {
      // The browser uses the emulator exactly when the build has no Firebase API key.
      authEmulatorHost:
        env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ?? env.FIREBASE_AUTH_EMULATOR_HOST ?? (env.PUBLIC_FIREBASE_API_KEY ? undefined : DEFAULT_EMULATOR_HOST),
      firebaseAuthDomain: env.PUBLIC_FIREBASE_AUTH_DOMAIN,
    },
  };
}
