/**
 * The one typed view of the server's environment. Every role reads this; defaults give a working local stack
 * (PGlite under ./data, Auth emulator, local disk storage) so `npm start` needs no configuration at all.
 */
import path from 'node:path';
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
  /** Set → PostgreSQL through node-postgres; unset → embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  firebase: {
    projectId: string;
    /** host:port of the Auth emulator; undefined for a real project (tokens then verified against Google's keys). */
    authEmulatorHost: string | undefined;
  };
  corsOrigins: string[];
  /** Key for HMAC-signed download URLs (`/files/:id?exp=&sig=`): FILE_URL_SECRET, or outside production a random key kept in the data directory. */
  fileUrlSecret: string;
  storage: {
    driver: 'local' | 's3';
    localDir: string;
    s3: {
      endpoint: string | undefined;
      bucket: string | undefined;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    };
  };
  providers: {
    openaiApiKey: string | undefined;
    openaiBaseUrl: string;
    elevenlabsApiKey: string | undefined;
    elevenlabsBaseUrl: string;
  };
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
}

type Env = Record<string, string | undefined>;

const ROLES: readonly Role[] = ['web', 'api', 'worker'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const str = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

const int = (env: Env, name: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number => {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`${name} must be an integer 0..${max}, got "${raw}"`);
  return value;
};
const port = (env: Env, name: string, fallback: number) => int(env, name, fallback, 65_535);

const origins = (env: Env, name: string, fallback: string): string[] =>
  (str(env, name) ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      try {
        return new URL(item).origin;
      } catch {
        throw new Error(`${name} must be a comma list of URLs, got "${item}"`);
      }
    });

export function parseRoles(raw: string | undefined): Role[] {
  const names = (raw ?? 'all').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const roles = new Set<Role>();
  for (const name of names) {
    if (name === 'all') ROLES.forEach((r) => roles.add(r));
    else if ((ROLES as readonly string[]).includes(name)) roles.add(name as Role);
    else throw new Error(`Unknown ROLE "${name}" (expected all, web, api, worker or a comma list)`);
  }
  return ROLES.filter((r) => roles.has(r));
}

/**
 * The emulator accepts unsigned tokens, so it must never be used by accident: it is the default only for a `demo-*`
 * project (Firebase's emulator-only namespace) outside production, and production refuses it outright.
 */
function authEmulatorHost(env: Env, projectId: string, production: boolean): string | undefined {
  const explicit = str(env, 'FIREBASE_AUTH_EMULATOR_HOST');
  if (production && explicit) throw new Error('FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production');
  if (explicit) return explicit;
  return !production && projectId.startsWith('demo-') ? '127.0.0.1:9099' : undefined;
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const dataDir = path.resolve(str(env, 'DATA_DIR') ?? './data');
  const apiPort = port(env, 'API_PORT', 8787);
  const driver = str(env, 'STORAGE_DRIVER') ?? 'local';
  if (driver !== 'local' && driver !== 's3') throw new Error(`STORAGE_DRIVER must be local or s3, got "${driver}"`);
  const logLevel = (str(env, 'LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const production = str(env, 'NODE_ENV') === 'production';
  const projectId = str(env, 'FIREBASE_PROJECT_ID') ?? 'demo-nxn';
  const fileUrlSecret = str(env, 'FILE_URL_SECRET');
  if (!fileUrlSecret && production) throw new Error('FILE_URL_SECRET is required when NODE_ENV=production');

  return {
    roles: parseRoles(str(env, 'ROLE')),
    host: str(env, 'HOST'),
    port: port(env, 'PORT', 4321),
    apiPort,
    dataDir,
    databaseUrl: str(env, 'DATABASE_URL'),
    firebase: { projectId, authEmulatorHost: authEmulatorHost(env, projectId, production) },
    corsOrigins: (str(env, 'CORS_ORIGINS') ?? 'http://localhost:4321,http://127.0.0.1:4321')
      .split(',')
      .map((o) => o.trim().replace(/\/+$/, ''))
      .filter(Boolean),
    // Never a fixed default: anyone could forge links with it. The generated key survives local restarts.
    fileUrlSecret: fileUrlSecret ?? readOrCreateLinkKey(linkKeyFile(dataDir)),
    storage: {
      driver,
      localDir: path.join(dataDir, 'files'),
      s3: {
        endpoint: str(env, 'S3_ENDPOINT'),
        bucket: str(env, 'S3_BUCKET'),
        region: str(env, 'S3_REGION') ?? 'auto',
        accessKeyId: str(env, 'S3_ACCESS_KEY_ID'),
        secretAccessKey: str(env, 'S3_SECRET_ACCESS_KEY'),
      },
    },
    providers: {
      openaiApiKey: str(env, 'OPENAI_API_KEY'),
      openaiBaseUrl: str(env, 'OPENAI_BASE_URL') ?? 'https://api.openai.com/v1',
      elevenlabsApiKey: str(env, 'ELEVENLABS_API_KEY'),
      elevenlabsBaseUrl: str(env, 'ELEVENLABS_BASE_URL') ?? 'https://api.elevenlabs.io',
    },
    logLevel,
    rateLimit: {
      ip: { perMinute: int(env, 'RATE_LIMIT_IP_PER_MINUTE', 600), burst: int(env, 'RATE_LIMIT_IP_BURST', 200) },
      user: { perMinute: int(env, 'RATE_LIMIT_USER_PER_MINUTE', 300), burst: int(env, 'RATE_LIMIT_USER_BURST', 100) },
    },
    trustProxy: ['1', 'true', 'yes'].includes((str(env, 'TRUST_PROXY') ?? '').toLowerCase()),
    bodyLimit: { json: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024), upload: int(env, 'UPLOAD_LIMIT_BYTES', 512 * 1024 * 1024) },
    storageQuotaBytes: int(env, 'STORAGE_QUOTA_BYTES', 2 * 1024 * 1024 * 1024),
    jobs: {
      concurrency: Math.max(1, int(env, 'WORKER_CONCURRENCY', 2)),
      pollSeconds: Math.max(1, int(env, 'JOB_POLL_SECONDS', 1)),
      monitorSeconds: Math.max(1, int(env, 'JOB_MONITOR_SECONDS', 15)),
    },
    publicApiUrl: str(env, 'PUBLIC_API_URL')?.replace(/\/+$/, ''),
    apiHosts: origins(env, 'PUBLIC_API_HOSTS', DEFAULT_API_HOSTS),
  };
}
