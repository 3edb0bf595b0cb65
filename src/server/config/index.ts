/**
 * The one typed view of the server's environment, and the only code that reads it: every variable is parsed here,
 * once, and everything else receives the result. Defaults give a working local stack (PGlite under ./data, Auth
 * emulator, local disk storage) so `npm start` needs no configuration at all.
 *
 * One schema says it all: each variable with its default and how its text becomes a value (`variables`), the rules
 * between variables, then where each value goes in the config (`configSchema`'s transform). `ServerConfig` is that
 * schema's output, so the shape is written once. The only defaults outside `variables` are those that depend on
 * another variable (the Auth emulator of a demo project, Azure's regional endpoint, the sandbox's RunPod key).
 */
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_API_HOSTS } from '~/config/brand.ts';
import { linkKeyFile, readOrCreateLinkKey } from './link-key.ts';

type Env = Record<string, string | undefined>;

const ROLES = ['web', 'api', 'worker'] as const;
export type Role = (typeof ROLES)[number];
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const X264_PRESETS = [
  'ultrafast',
  'superfast',
  'veryfast',
  'faster',
  'fast',
  'medium',
  'slow',
  'slower',
  'veryslow',
] as const;

const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';
const OPENAI_BASE_URL = 'https://api.openai.com/v1';
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
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`,
      });
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

const withoutTrailingSlashes = (url: string) => url.replace(/\/+$/, '');
const httpUrl = () => z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });
/** An http(s) base URL, kept without trailing slashes so paths can be appended. */
const baseUrl = (fallback: string) => httpUrl().default(fallback).transform(withoutTrailingSlashes);
/** The same for a service that is off (or found another way) when its URL is unset. */
const optionalBaseUrl = () =>
  httpUrl()
    .optional()
    .transform((url) => url && withoutTrailingSlashes(url));

/** A comma list of URLs, kept as origins. */
const origins = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, ctx) => {
      const items = raw
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
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
      const items = raw
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean);
      if (items.every((item) => z.email().safeParse(item).success)) return items;
      ctx.addIssue({ code: 'custom', message: 'must be a comma list of e-mail addresses' });
      return z.NEVER;
    });

const roles = () =>
  z
    .string()
    .default('all')
    .transform((raw, ctx) => {
      const names = raw
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      const known = (name: string): name is Role | 'all' =>
        name === 'all' || (ROLES as readonly string[]).includes(name);
      if (names.length > 0 && names.every(known))
        return ROLES.filter((role) => names.includes(role) || names.includes('all'));
      ctx.addIssue({ code: 'custom', message: `must be all, ${ROLES.join(', ')} or a comma list of them` });
      return z.NEVER;
    });

/** Every variable the server reads, by name, with its default. */
const variables = z.object({
  NODE_ENV: text(),
  ROLE: roles(),
  HOST: text(),
  PORT: port(4321),
  API_PORT: port(8787),
  DATA_DIR: z
    .string()
    .default('./data')
    .transform((dir) => path.resolve(dir)),
  DATABASE_URL: text(),
  FIREBASE_PROJECT_ID: z.string().default('demo-nxn'),
  FIREBASE_AUTH_EMULATOR_HOST: text(),
  AUTH_EMULATOR_EXPORT_DIR: text(),
  CORS_ORIGINS: origins('http://localhost:4321,http://127.0.0.1:4321'),
  ADMIN_EMAILS: emails(),
  FILE_URL_SECRET: text(),
  PUBLIC_API_URL: optionalBaseUrl(),
  PUBLIC_SHARE_URL: optionalBaseUrl(),
  PUBLIC_API_HOSTS: origins(DEFAULT_API_HOSTS),
  PUBLIC_FIREBASE_API_KEY: text(),
  PUBLIC_FIREBASE_AUTH_DOMAIN: text(),
  PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: text(),
  STORAGE_DRIVER: oneOf(['local', 's3'], 'local'),
  S3_ENDPOINT: optionalBaseUrl(),
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
  RATE_LIMIT_API_KEY_PER_MINUTE: wholeNumber(300),
  RATE_LIMIT_API_KEY_BURST: wholeNumber(100),
  TRUST_PROXY: flag(),
  WORKER_CONCURRENCY: wholeNumber(2, 1),
  JOB_USER_CONCURRENCY: wholeNumber(1, 1),
  JOB_POLL_SECONDS: wholeNumber(1, 1),
  JOB_MONITOR_SECONDS: wholeNumber(15, 1),
  JOB_SWEEP_SECONDS: wholeNumber(60, 1),
  CREDIT_HOLD_ABANDONED_SECONDS: wholeNumber(600, 1),
  WEBHOOKS_ALLOW_LOOPBACK: flag(),
  WEBHOOKS_CONCURRENCY: wholeNumber(20, 1),
  LOG_LEVEL: oneOf(LOG_LEVELS, 'info'),
  OPENAI_API_KEY: text(),
  OPENAI_BASE_URL: baseUrl(OPENAI_BASE_URL),
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  ELEVENLABS_API_KEY: text(),
  ELEVENLABS_BASE_URL: baseUrl('https://api.elevenlabs.io'),
  AZURE_SPEECH_KEY: text(),
  AZURE_SPEECH_REGION: z
    .string()
    .regex(/^[a-z0-9]+$/, 'must be an Azure region name such as westeurope')
    .optional(),
  AZURE_SPEECH_ENDPOINT: optionalBaseUrl(),
  GOOGLE_TTS_API_KEY: text(),
  GOOGLE_TTS_API_URL: baseUrl('https://texttospeech.googleapis.com'),
  FESTIVAL_PATH: z.string().min(1).default('/usr/bin/festival'),
  FAL_KEY: text(),
  FAL_BASE_URL: baseUrl('https://fal.run'),
  FAL_MODEL: z.string().default('fal-ai/flux/dev'),
  PEXELS_API_KEY: text(),
  PEXELS_API_URL: baseUrl('https://api.pexels.com'),
  PIXABAY_API_KEY: text(),
  PIXABAY_API_URL: baseUrl('https://pixabay.com'),
  // Unset, with LLM_API_KEY set, means OpenAI itself; set alone, a keyless local server (which needs LLM_MODEL).
  LLM_BASE_URL: optionalBaseUrl(),
  LLM_API_KEY: text(),
  LLM_MODEL: text(),
  LLM_TIMEOUT_MS: wholeNumber(DEFAULT_LLM_TIMEOUT_MS, 1),
  STRIPE_SECRET_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  STRIPE_API_BASE: optionalBaseUrl(),
  PAYMENTS_CURRENCY: z
    .string()
    .regex(/^[A-Za-z]{3}$/, 'must be a three-letter ISO 4217 currency code')
    .refine((code) => Intl.supportedValuesOf('currency').includes(code.toUpperCase()), 'must be a currency Intl knows')
    .default('usd')
    .transform((code) => code.toLowerCase()),
  PAYMENTS_SANDBOX: flag(),
  RUNPOD_API_KEY: text(),
  RUNPOD_API_URL: optionalBaseUrl(),
  LAMBDA_API_KEY: text(),
  LAMBDA_API_URL: baseUrl('https://cloud.lambda.ai'),
  GPU_SANDBOX: flag(),
  GPU_PRICE_MARGIN: decimal(1.3, 1),
  GPU_CREDITS_PER_USD: decimal(100, 1),
  GPU_MAX_ACTIVE_PER_USER: wholeNumber(2, 0),
  GPU_LAUNCHES_PER_HOUR: wholeNumber(10, 1),
  GPU_TICK_SECONDS: wholeNumber(20, 1),
  GPU_HOLD_MINUTES: wholeNumber(10, 2),
  GPU_AUTO_STOP_MINUTES: wholeNumber(2, 1),
});

type Variables = z.output<typeof variables>;

/** Rules between variables. */
function checkTogether(env: Variables, ctx: z.RefinementCtx): void {
  const production = env.NODE_ENV === 'production';
  const problem = (name: keyof Variables, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
  if (env.AZURE_SPEECH_KEY && !env.AZURE_SPEECH_REGION && !env.AZURE_SPEECH_ENDPOINT)
    problem('AZURE_SPEECH_REGION', 'or AZURE_SPEECH_ENDPOINT is required with AZURE_SPEECH_KEY');
  // Never a fixed default: anyone could forge links with it. Outside production a generated key is kept instead.
  if (production && !env.FILE_URL_SECRET) problem('FILE_URL_SECRET', 'is required when NODE_ENV=production');
  // The emulator accepts unsigned tokens, so production refuses it outright.
  if (production && env.FIREBASE_AUTH_EMULATOR_HOST)
    problem('FIREBASE_AUTH_EMULATOR_HOST', 'must not be set when NODE_ENV=production');
  if (production && env.AUTH_EMULATOR_EXPORT_DIR)
    problem('AUTH_EMULATOR_EXPORT_DIR', 'must not be set when NODE_ENV=production');
  if (env.STORAGE_DRIVER === 's3') {
    for (const name of S3_REQUIRED) if (!env[name]) problem(name, 'is required when STORAGE_DRIVER=s3');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problem(
      'STRIPE_WEBHOOK_SECRET',
      'is required when STRIPE_SECRET_KEY is set (webhooks are how payments are credited)',
    );
  }
  // The sandbox credits accounts without money; a production server must never believe in it.
  if (production && env.PAYMENTS_SANDBOX) problem('PAYMENTS_SANDBOX', 'must not be set when NODE_ENV=production');
  // The sandbox rents nothing real; a production deployment must never show it to paying users.
  if (production && env.GPU_SANDBOX) problem('GPU_SANDBOX', 'must not be set when NODE_ENV=production');
  // Loopback endpoints are for a receiver on the developer's own machine; a server must never post to itself.
  if (production && env.WEBHOOKS_ALLOW_LOOPBACK)
    problem('WEBHOOKS_ALLOW_LOOPBACK', 'must not be set when NODE_ENV=production');
  if (env.GPU_SANDBOX && !env.RUNPOD_API_URL)
    problem('RUNPOD_API_URL', 'must point at the sandbox when GPU_SANDBOX is set');
  // A request hold younger than the longest request may still be captured by it: sweeping it would pay the work twice.
  if (env.CREDIT_HOLD_ABANDONED_SECONDS * 1000 <= env.LLM_TIMEOUT_MS)
    problem(
      'CREDIT_HOLD_ABANDONED_SECONDS',
      'must be longer than LLM_TIMEOUT_MS (the longest a request holds credits)',
    );
  if (env.LLM_BASE_URL && !env.LLM_MODEL)
    problem('LLM_MODEL', 'is required when LLM_BASE_URL points at a non-OpenAI server');
}

/** Where files live: under localDir, or in an S3-compatible bucket (path-style). */
function storageOf(env: Variables, localDir: string) {
  return env.STORAGE_DRIVER === 'local'
    ? { driver: 'local' as const, localDir }
    : {
        driver: 's3' as const,
        localDir,
        // The rules have refused s3 without every S3_REQUIRED variable.
        s3: {
          endpoint: env.S3_ENDPOINT!,
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        },
      };
}

function providersOf(env: Variables) {
  return {
    openaiApiKey: env.OPENAI_API_KEY,
    openaiBaseUrl: env.OPENAI_BASE_URL,
    /** Model for OpenAI images (the images need openaiApiKey). */
    openaiImageModel: env.OPENAI_IMAGE_MODEL,
    elevenlabsApiKey: env.ELEVENLABS_API_KEY,
    elevenlabsBaseUrl: env.ELEVENLABS_BASE_URL,
    azureSpeechKey: env.AZURE_SPEECH_KEY,
    /** AZURE_SPEECH_ENDPOINT, or the region's endpoint built from AZURE_SPEECH_REGION; undefined → neither given. */
    azureSpeechBaseUrl:
      env.AZURE_SPEECH_ENDPOINT ??
      (env.AZURE_SPEECH_REGION && `https://${env.AZURE_SPEECH_REGION}.tts.speech.microsoft.com`),
    googleTtsApiKey: env.GOOGLE_TTS_API_KEY,
    googleTtsBaseUrl: env.GOOGLE_TTS_API_URL,
    /** The Festival program for the offline Festival HTS voice; its voice is offered only when it is installed. */
    festivalPath: env.FESTIVAL_PATH,
    /** Set → FLUX images on fal.ai. */
    falApiKey: env.FAL_KEY,
    falBaseUrl: env.FAL_BASE_URL,
    falModel: env.FAL_MODEL,
    /** Set → stock clips and photos for video scenes from Pexels. */
    pexelsApiKey: env.PEXELS_API_KEY,
    pexelsApiUrl: env.PEXELS_API_URL,
    /** Set → stock clips and photos for video scenes from Pixabay. */
    pixabayApiKey: env.PIXABAY_API_KEY,
    pixabayApiUrl: env.PIXABAY_API_URL,
  };
}

/**
 * The chat model that writes scripts; undefined → the built-in writer. LLM_BASE_URL alone is enough for
 * keyless local servers (Ollama: http://127.0.0.1:11434/v1, LM Studio: http://127.0.0.1:1234/v1, vLLM:
 * http://host:8000/v1); LLM_API_KEY alone means OpenAI itself.
 */
function llmOf(env: Variables) {
  return env.LLM_BASE_URL || env.LLM_API_KEY
    ? {
        baseUrl: env.LLM_BASE_URL ?? OPENAI_BASE_URL,
        apiKey: env.LLM_API_KEY,
        model: env.LLM_MODEL ?? 'gpt-4o-mini',
        timeoutMs: env.LLM_TIMEOUT_MS,
      }
    : undefined;
}

/** Buying credits through Stripe Checkout. */
function paymentsOf(env: Variables) {
  return {
    /** Undefined → credits cannot be bought (no key configured); the dialog says so. */
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            /** Another API host (the sandbox, a test server); undefined → Stripe itself. */
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
    /** ISO 4217 code, lower case as Stripe writes it. */
    currency: env.PAYMENTS_CURRENCY,
    /** Stripe is the local sandbox started by `npm start` (PAYMENTS_SANDBOX): no real money moves. */
    sandbox: env.PAYMENTS_SANDBOX,
  };
}

/** GPU rental: the clouds with a key (RunPod also in sandbox mode), prices, limits and the reconcile loop's pace. */
function gpuOf(env: Variables) {
  return {
    /** RUNPOD_API_URL is the local sandbox (npm start without a key): everything is labelled as not a real GPU. */
    sandbox: env.GPU_SANDBOX,
    // The sandbox takes any key; a real RunPod needs its own.
    runpod: {
      apiKey: env.RUNPOD_API_KEY ?? (env.GPU_SANDBOX ? 'sandbox' : undefined),
      baseUrl: env.RUNPOD_API_URL ?? 'https://api.runpod.io/v2',
    },
    lambda: { apiKey: env.LAMBDA_API_KEY, baseUrl: env.LAMBDA_API_URL },
    timeoutMs: 15_000,
    /** Credits per hour = provider dollars per hour × creditsPerUsd × margin, rounded up. */
    margin: env.GPU_PRICE_MARGIN,
    creditsPerUsd: env.GPU_CREDITS_PER_USD,
    /** Machines one user may have that are not stopped or over. */
    maxActivePerUser: env.GPU_MAX_ACTIVE_PER_USER,
    launchesPerHour: env.GPU_LAUNCHES_PER_HOUR,
    /** How often the worker mirrors the providers and settles credits. */
    tickSeconds: env.GPU_TICK_SECONDS,
    /** Minutes of use held ahead; a settlement (two ledger rows) happens about once per this many minutes. */
    holdMinutes: env.GPU_HOLD_MINUTES,
    /** A running machine is stopped when the user's credits cover fewer minutes than this. */
    autoStopMinutes: env.GPU_AUTO_STOP_MINUTES,
  };
}

/**
 * The variables, checked together, arranged into the config. `linkKey` gives the generated link key of a data
 * directory, used only when FILE_URL_SECRET is unset.
 */
const configSchema = (linkKey: (dataDir: string) => string) =>
  variables
    // These rules run even when a variable failed, so one error lists every problem; they only ask whether a
    // variable is set, which a failed value does not confuse.
    .superRefine(checkTogether, { when: () => true })
    .transform((env) => {
      const production = env.NODE_ENV === 'production';
      const dataDir = env.DATA_DIR;
      const localDir = path.join(dataDir, 'files');
      // The emulator is the default only for a `demo-*` project (Firebase's emulator-only namespace) outside
      // production, so it is never used by accident with a real project.
      const authEmulatorHost =
        env.FIREBASE_AUTH_EMULATOR_HOST ??
        (!production && env.FIREBASE_PROJECT_ID.startsWith('demo-') ? DEFAULT_EMULATOR_HOST : undefined);
      return {
        roles: env.ROLE,
        /** Interface to bind; unset → all interfaces, dual-stack, so both localhost and 127.0.0.1 reach the servers. */
        host: env.HOST,
        port: env.PORT,
        apiPort: env.API_PORT,
        dataDir,
        /** Narration and scene pictures kept under DATA_DIR/cache for storyboard re-renders; least recently used go past this. */
        videoCacheMaxBytes: env.VIDEO_CACHE_MAX_BYTES,
        /** Storyboard narration previews a user may ask for per minute (beyond those already cached). */
        narrationPreviewsPerMinute: env.NARRATION_PREVIEWS_PER_MINUTE,
        /** Storyboard scene pictures a user may have made per minute for previews (beyond those already cached). */
        visualPreviewsPerMinute: env.VISUAL_PREVIEWS_PER_MINUTE,
        /** Set → PostgreSQL through node-postgres; unset → embedded PGlite in `${dataDir}/pglite`. */
        databaseUrl: env.DATABASE_URL,
        firebase: {
          projectId: env.FIREBASE_PROJECT_ID,
          /** host:port of the Auth emulator; undefined for a real project (tokens then verified against Google's keys). */
          authEmulatorHost,
          /**
           * AUTH_EMULATOR_EXPORT_DIR: where `npm start` keeps the emulator's accounts (DATA_DIR/auth/accounts); the
           * API saves them there after each new or changed profile (auth/emulator-export.ts). Only with an emulator.
           */
          emulatorExportDir:
            authEmulatorHost && env.AUTH_EMULATOR_EXPORT_DIR ? path.resolve(env.AUTH_EMULATOR_EXPORT_DIR) : undefined,
        },
        corsOrigins: env.CORS_ORIGINS,
        /** ADMIN_EMAILS, lower-cased: verified e-mail addresses that may use the operator console (see auth/admin.ts). */
        adminEmails: env.ADMIN_EMAILS,
        /** Key for HMAC-signed download URLs (`/files/:id?exp=&sig=`): FILE_URL_SECRET, or outside production a random key kept in the data directory. */
        fileUrlSecret: env.FILE_URL_SECRET ?? linkKey(dataDir),
        storage: storageOf(env, localDir),
        providers: providersOf(env),
        llm: llmOf(env),
        payments: paymentsOf(env),
        gpu: gpuOf(env),
        logLevel: env.LOG_LEVEL,
        /** Per-process token buckets (see http/rate-limit.ts). */
        rateLimit: {
          ip: { perMinute: env.RATE_LIMIT_IP_PER_MINUTE, burst: env.RATE_LIMIT_IP_BURST },
          user: { perMinute: env.RATE_LIMIT_USER_PER_MINUTE, burst: env.RATE_LIMIT_USER_BURST },
          /** Each API key has its own bucket, apart from its owner's session. */
          apiKey: { perMinute: env.RATE_LIMIT_API_KEY_PER_MINUTE, burst: env.RATE_LIMIT_API_KEY_BURST },
        },
        /** Take the client IP from X-Forwarded-For (only behind a proxy/load balancer that sets it). */
        trustProxy: env.TRUST_PROXY,
        /**
         * Request body limits in bytes: `json` for every route that does not declare its own, `upload` for the raw
         * file upload (POST /files/upload), which streams to storage and enforces it while reading.
         */
        bodyLimit: { json: env.BODY_LIMIT_BYTES, upload: env.UPLOAD_LIMIT_BYTES },
        /** Bytes each user may keep in storage; an upload that would pass it is refused. */
        storageQuotaBytes: env.STORAGE_QUOTA_BYTES,
        /** Watermark removal: the largest and longest video taken, and the x264 preset of the render (CRF 18 either way). */
        watermark: {
          maxBytes: env.WATERMARK_MAX_BYTES,
          maxMinutes: env.WATERMARK_MAX_MINUTES,
          x264Preset: env.WATERMARK_X264_PRESET,
        },
        jobs: {
          /** Jobs one worker process runs at once, per kind (each media job may use a child process). */
          concurrency: env.WORKER_CONCURRENCY,
          /**
           * Videos one user may have rendering at once across all workers: below the slots of every worker together,
           * so a long batch never holds them all (jobs/registry.ts `fairShare`).
           */
          perUser: env.JOB_USER_CONCURRENCY,
          /** How often a worker looks for new jobs when idle. */
          pollSeconds: env.JOB_POLL_SECONDS,
          /** How often jobs with a silent worker (missed heartbeats) are found and retried. */
          monitorSeconds: env.JOB_MONITOR_SECONDS,
          /** How often a worker reconciles jobs with the queue and sweeps abandoned request holds (credits/holds.ts). */
          sweepSeconds: env.JOB_SWEEP_SECONDS,
          /** A request hold older than this is one no request can settle any more: the sweep returns its credits. */
          abandonedHoldSeconds: env.CREDIT_HOLD_ABANDONED_SECONDS,
        },
        /** Outgoing webhook deliveries (features/developers/webhooks). */
        webhooks: {
          /** Endpoints may be plain http (and, with allowLoopback, on this machine): true outside production. */
          development: env.NODE_ENV !== 'production',
          /** Endpoints on 127.0.0.0/8 or ::1 are allowed (a receiver on the developer's machine). */
          allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK,
          /** Deliveries one worker process sends at once, on their own queue (never a render's slot). */
          concurrency: env.WEBHOOKS_CONCURRENCY,
        },
        /** Public base URL of the API for absolute signed file URLs; unset → a trusted origin (see apiHosts). */
        publicApiUrl: env.PUBLIC_API_URL,
        /**
         * Base of public share pages (/v/<token>) when they are reached through the site's domain (a CDN rule sends
         * /v/* to the API); unset → the API's own base, like signed links.
         */
        publicShareUrl: env.PUBLIC_SHARE_URL,
        /**
         * Origins the API is reached at, primary first (PUBLIC_API_HOSTS, the list the browser build uses). Without
         * PUBLIC_API_URL, signed links use the request's origin only when it is one of these (or loopback on the
         * API's port), never an arbitrary Host header.
         */
        apiHosts: env.PUBLIC_API_HOSTS,
        /**
         * How the browser build signs in (its PUBLIC_FIREBASE_* variables, read again at start), so the web role's
         * Content-Security-Policy allows exactly that.
         */
        site: {
          /** host:port (or a comma list) of the Auth emulator the pages may talk to; undefined with a real project. */
          authEmulatorHost:
            // The browser uses the emulator exactly when the build has no Firebase API key.
            env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST ??
            env.FIREBASE_AUTH_EMULATOR_HOST ??
            (env.PUBLIC_FIREBASE_API_KEY ? undefined : DEFAULT_EMULATOR_HOST),
          /** Auth domain of a real Firebase project (sign-in popups are framed from it). */
          firebaseAuthDomain: env.PUBLIC_FIREBASE_AUTH_DOMAIN,
        },
      };
    });

export type ServerConfig = z.output<ReturnType<typeof configSchema>>;
export type LlmConfig = NonNullable<ServerConfig['llm']>;
export type PaymentsConfig = ServerConfig['payments'];
export type StripeConfig = NonNullable<PaymentsConfig['stripe']>;
export type GpuConfig = ServerConfig['gpu'];

/** The names of every variable the server reads (the README's Configuration section lists them all). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(variables.shape);

/** One line per problem: the variable, what it must be, and the value given (when one was). */
function describeIssues(issues: readonly z.core.$ZodIssue[], env: Env): string {
  const problems = issues.map((issue) => {
    const name = String(issue.path[0]);
    const given = env[name];
    return `${name} ${issue.message}${given === undefined ? '' : ` (got "${given}")`}`;
  });
  return `Invalid configuration: ${[...new Set(problems)].join('; ')}`;
}

/** Parses the environment; a wrong value throws one Error naming every bad variable. */
export function loadConfig(source: Env = process.env): ServerConfig {
  const raw: Env = Object.fromEntries(CONFIG_VARIABLES.map((name) => [name, source[name]?.trim() || undefined]));
  // The generated key survives local restarts (see link-key.ts).
  const parsed = configSchema((dataDir) => readOrCreateLinkKey(linkKeyFile(dataDir))).safeParse(raw);
  if (!parsed.success) throw new Error(describeIssues(parsed.error.issues, raw));
  return parsed.data;
}
