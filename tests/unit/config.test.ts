import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '~/server/config/index.ts';
import { imageEngineSettings } from '~/server/providers/images/engines.ts';

/** A set FILE_URL_SECRET keeps these tests from making a link key under ./data. */
const load = (env: Record<string, string> = {}) => loadConfig({ FILE_URL_SECRET: 'test-secret', ...env });
const failure = (env: Record<string, string>): string => {
  try {
    load(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuration defaults', () => {
  it('give the embedded local stack when nothing is set', () => {
    const config = load();
    expect(config).toMatchObject({
      roles: ['web', 'api', 'worker'],
      host: undefined,
      port: 4321,
      apiPort: 8787,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      firebase: { projectId: 'demo-nxn', authEmulatorHost: '127.0.0.1:9099' },
      corsOrigins: ['http://localhost:4321', 'http://127.0.0.1:4321'],
      fileUrlSecret: 'test-secret',
      storage: { driver: 'local', localDir: path.resolve('./data/files') },
      providers: {
        openaiApiKey: undefined,
        openaiBaseUrl: 'https://api.openai.com/v1',
        openaiImageModel: 'gpt-image-1',
        elevenlabsBaseUrl: 'https://api.elevenlabs.io',
        falApiKey: undefined,
        falBaseUrl: 'https://fal.run',
        falModel: 'fal-ai/flux/dev',
      },
      llm: undefined,
      logLevel: 'info',
      rateLimit: { ip: { perMinute: 600, burst: 200 }, user: { perMinute: 300, burst: 100 } },
      trustProxy: false,
      bodyLimit: { json: 1024 * 1024, upload: 512 * 1024 * 1024 },
      storageQuotaBytes: 2 * 1024 ** 3,
      watermark: { maxBytes: 2 * 1024 ** 3, maxMinutes: 30, x264Preset: 'faster' },
      jobs: { concurrency: 2, pollSeconds: 1, monitorSeconds: 15 },
      publicApiUrl: undefined,
      apiHosts: ['http://127.0.0.1:8787', 'http://127.0.0.1:8788'],
      site: { authEmulatorHost: '127.0.0.1:9099', firebaseAuthDomain: undefined },
    });
  });

  it('reads ADMIN_EMAILS as a lower-cased list and refuses what is not an address', () => {
    expect(load().adminEmails).toEqual([]);
    expect(load({ ADMIN_EMAILS: ' Ops@Example.com, ,boss@example.com ' }).adminEmails).toEqual([
      'ops@example.com',
      'boss@example.com',
    ]);
    expect(failure({ ADMIN_EMAILS: 'ops@example.com,nobody' })).toContain(
      'ADMIN_EMAILS must be a comma list of e-mail addresses',
    );
  });

  it('treats blank values as unset and trims the rest', () => {
    const config = load({
      PORT: '  ',
      LOG_LEVEL: '',
      WORKER_CONCURRENCY: ' 4 ',
      PUBLIC_API_URL: 'https://api.nxn.ai/ ',
    });
    expect(config.port).toBe(4321);
    expect(config.logLevel).toBe('info');
    expect(config.jobs.concurrency).toBe(4);
    expect(config.publicApiUrl).toBe('https://api.nxn.ai');
  });

  it('expands ROLE=all and keeps comma lists in a fixed order', () => {
    expect(load({ ROLE: 'all' }).roles).toEqual(['web', 'api', 'worker']);
    expect(load({ ROLE: 'worker, API' }).roles).toEqual(['api', 'worker']);
  });

  it('reads switches, lists and the provider settings', () => {
    expect(load({ TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: 'False' }).trustProxy).toBe(false);
    expect(load({ CORS_ORIGINS: 'https://nxn.ai/, https://app.nxn.ai' }).corsOrigins).toEqual([
      'https://nxn.ai',
      'https://app.nxn.ai',
    ]);
    const images = imageEngineSettings(
      load({ OPENAI_API_KEY: 'sk', OPENAI_IMAGE_MODEL: 'dall-e-3', FAL_KEY: 'fk', FAL_MODEL: 'fal-ai/flux/schnell' }),
    );
    expect(images).toEqual({
      openai: { apiKey: 'sk', baseUrl: 'https://api.openai.com/v1', model: 'dall-e-3' },
      fal: { apiKey: 'fk', baseUrl: 'https://fal.run', model: 'fal-ai/flux/schnell' },
    });
  });
});

describe('wrong values', () => {
  it('are all named in one error, each with what is expected and what was given', () => {
    expect(failure({ WORKER_CONCURRENCY: 'two', LOG_LEVEL: 'loud' })).toBe(
      'Invalid configuration: WORKER_CONCURRENCY must be a whole number from 1 (got "two"); ' +
        'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    );
  });

  it.each([
    ['API_PORT', '70000', 'API_PORT must be a whole number from 0 to 65535 (got "70000")'],
    ['STORAGE_QUOTA_BYTES', 'lots', 'STORAGE_QUOTA_BYTES must be a whole number from 0 (got "lots")'],
    ['BODY_LIMIT_BYTES', '1.5', 'BODY_LIMIT_BYTES must be a whole number from 0 (got "1.5")'],
    ['RATE_LIMIT_IP_BURST', '-1', 'RATE_LIMIT_IP_BURST must be a whole number from 0 (got "-1")'],
    ['JOB_POLL_SECONDS', '0', 'JOB_POLL_SECONDS must be a whole number from 1 (got "0")'],
    ['LLM_TIMEOUT_MS', 'soon', 'LLM_TIMEOUT_MS must be a whole number from 1 (got "soon")'],
    ['STORAGE_DRIVER', 'ftp', 'STORAGE_DRIVER must be one of local, s3 (got "ftp")'],
    ['TRUST_PROXY', 'maybe', 'TRUST_PROXY must be true or false (got "maybe")'],
    ['ROLE', 'api,db', 'ROLE must be all, web, api, worker or a comma list of them (got "api,db")'],
    ['PUBLIC_API_HOSTS', 'api.nxn.ai', 'PUBLIC_API_HOSTS must be a comma list of URLs (got "api.nxn.ai")'],
    [
      'CORS_ORIGINS',
      'https://nxn.ai,nxn.ai',
      'CORS_ORIGINS must be a comma list of URLs (got "https://nxn.ai,nxn.ai")',
    ],
    ['OPENAI_BASE_URL', 'api.openai.com', 'OPENAI_BASE_URL must be an http(s) URL (got "api.openai.com")'],
    ['FAL_BASE_URL', 'ftp://fal.run', 'FAL_BASE_URL must be an http(s) URL (got "ftp://fal.run")'],
    ['PUBLIC_API_URL', 'nxn', 'PUBLIC_API_URL must be an http(s) URL (got "nxn")'],
  ])('%s=%s is refused by name', (name, value, message) => {
    expect(failure({ [name]: value })).toBe(`Invalid configuration: ${message}`);
  });

  it('need the whole bucket for S3 storage', () => {
    expect(failure({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'https://s3.example.com', S3_BUCKET: 'nxn' })).toBe(
      'Invalid configuration: S3_ACCESS_KEY_ID is required when STORAGE_DRIVER=s3; S3_SECRET_ACCESS_KEY is required when STORAGE_DRIVER=s3',
    );
    const bucket = {
      S3_ENDPOINT: 'https://s3.example.com/',
      S3_BUCKET: 'nxn',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(load({ STORAGE_DRIVER: 's3', ...bucket }).storage).toEqual({
      driver: 's3',
      localDir: path.resolve('./data/files'),
      s3: {
        endpoint: 'https://s3.example.com',
        bucket: 'nxn',
        region: 'auto',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
      },
    });
    expect(load(bucket).storage.driver).toBe('local');
  });

  it('finds Azure Speech by its region or its endpoint, and needs one of them with the key', () => {
    expect(failure({ AZURE_SPEECH_KEY: 'k' })).toBe(
      'Invalid configuration: AZURE_SPEECH_REGION or AZURE_SPEECH_ENDPOINT is required with AZURE_SPEECH_KEY',
    );
    expect(load({ AZURE_SPEECH_KEY: 'k', AZURE_SPEECH_REGION: 'westeurope' }).providers.azureSpeechBaseUrl).toBe(
      'https://westeurope.tts.speech.microsoft.com',
    );
    expect(
      load({
        AZURE_SPEECH_KEY: 'k',
        AZURE_SPEECH_REGION: 'westeurope',
        AZURE_SPEECH_ENDPOINT: 'https://speech.example/',
      }).providers.azureSpeechBaseUrl,
    ).toBe('https://speech.example');
    expect(failure({ AZURE_SPEECH_REGION: 'west europe/..' })).toMatch(/AZURE_SPEECH_REGION/);
    expect(load({ GOOGLE_TTS_API_KEY: 'g' }).providers).toMatchObject({
      googleTtsApiKey: 'g',
      googleTtsBaseUrl: 'https://texttospeech.googleapis.com',
    });
  });

  it('needs a model for a chat server other than OpenAI', () => {
    expect(failure({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1' })).toBe(
      'Invalid configuration: LLM_MODEL is required when LLM_BASE_URL points at a non-OpenAI server',
    );
    expect(load({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3.2' }).llm).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      model: 'llama3.2',
      timeoutMs: 25_000,
    });
    expect(load({ LLM_API_KEY: 'sk', LLM_TIMEOUT_MS: '5000' }).llm).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk',
      model: 'gpt-4o-mini',
      timeoutMs: 5000,
    });
  });
});

describe('production rules', () => {
  it('require FILE_URL_SECRET and refuse the Auth emulator, together with any other problem', () => {
    expect(
      failure({ NODE_ENV: 'production', FILE_URL_SECRET: '', FIREBASE_AUTH_EMULATOR_HOST: 'x:1', PORT: 'web' }),
    ).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "web"); ' +
        'FILE_URL_SECRET is required when NODE_ENV=production; ' +
        'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production (got "x:1")',
    );
  });

  it('use the Auth emulator only for demo projects outside production', () => {
    expect(load().firebase).toEqual({ projectId: 'demo-nxn', authEmulatorHost: '127.0.0.1:9099' });
    expect(load({ FIREBASE_PROJECT_ID: 'nxn-prod' }).firebase.authEmulatorHost).toBeUndefined();
    expect(load({ NODE_ENV: 'production' }).firebase.authEmulatorHost).toBeUndefined();
    expect(load({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' }).firebase.authEmulatorHost).toBe('127.0.0.1:9199');
  });

  it('let the pages sign in against the emulator exactly when the site has no Firebase API key', () => {
    expect(load({ PUBLIC_FIREBASE_API_KEY: 'key', PUBLIC_FIREBASE_AUTH_DOMAIN: 'nxn.firebaseapp.com' }).site).toEqual({
      authEmulatorHost: undefined,
      firebaseAuthDomain: 'nxn.firebaseapp.com',
    });
    expect(load({ PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199' }).site.authEmulatorHost).toBe('localhost:9199');
  });
});

describe('payments configuration', () => {
  it('has no Stripe without a key, and needs the webhook secret with one', () => {
    expect(load().payments).toEqual({ stripe: undefined, currency: 'usd', sandbox: false });
    expect(failure({ STRIPE_SECRET_KEY: 'sk_test_1' })).toContain(
      'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set',
    );
    expect(
      load({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_BASE: 'http://127.0.0.1:12111/',
        PAYMENTS_CURRENCY: 'EUR',
      }).payments,
    ).toEqual({
      stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiBase: 'http://127.0.0.1:12111' },
      currency: 'eur',
      sandbox: false,
    });
  });

  it('refuses an unknown currency and the sandbox in production', () => {
    expect(failure({ PAYMENTS_CURRENCY: 'dollars' })).toContain(
      'PAYMENTS_CURRENCY must be a three-letter ISO 4217 currency code',
    );
    expect(failure({ PAYMENTS_CURRENCY: 'xyz' })).toContain('PAYMENTS_CURRENCY must be a currency Intl knows');
    expect(failure({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' })).toContain(
      'PAYMENTS_SANDBOX must not be set when NODE_ENV=production',
    );
  });
});

describe('the local Auth emulator’s saved accounts', () => {
  it('are kept only for an emulator, and never in production', () => {
    expect(load({ AUTH_EMULATOR_EXPORT_DIR: 'data/auth/accounts' }).firebase.emulatorExportDir).toBe(
      path.resolve('data/auth/accounts'),
    );
    expect(
      load({ FIREBASE_PROJECT_ID: 'real-project', AUTH_EMULATOR_EXPORT_DIR: 'data/auth/accounts' }).firebase
        .emulatorExportDir,
    ).toBeUndefined();
    expect(failure({ NODE_ENV: 'production', AUTH_EMULATOR_EXPORT_DIR: 'data/auth/accounts' })).toContain(
      'AUTH_EMULATOR_EXPORT_DIR must not be set when NODE_ENV=production',
    );
  });
});

describe('the environment', () => {
  it('is documented: the README lists every variable the server reads', () => {
    const readme = fs.readFileSync('README.md', 'utf8');
    const section = readme.slice(
      readme.indexOf('## Configuration'),
      readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
    );
    expect(CONFIG_VARIABLES.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });

  it('is read only by the config module', () => {
    const root = path.resolve('src/server');
    const readers = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.startsWith(`config${path.sep}`))
      .flatMap((file) =>
        fs
          .readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .map((line, index) => ({ where: `src/server/${file}:${index + 1}`, line }))
          // Handing a configured value to a library that only reads the environment (firebase-admin) is allowed.
          .filter(
            ({ line }) =>
              /process\s*\.\s*env|process\s*\[\s*['"]env/.test(line) && !/process\.env\.\w+\s*=[^=]/.test(line),
          ),
      )
      .map(({ where }) => where);
    expect(readers).toEqual([]);
  });
});
