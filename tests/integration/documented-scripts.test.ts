/**
 * Every command the docs document runs: each `scripts/*.ts` that README.md or a document under docs/ names runs here
 * on its smallest input (its own options make it small) and must exit 0 and print its figures. Nothing is written
 * into docs/benchmarks.md. A script that measures a production build is skipped, saying why, when there is none
 * (`npm test` builds before it runs this); the Auth emulator is started like the other suites start it.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresTarget } from './support/databases.ts';

const run = promisify(execFile);
const ROOT = path.resolve('.');
const DIST = path.join(ROOT, 'dist');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-documented-scripts-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** Every `scripts/<name>.ts` the README and the documents under docs/ name. */
function documentedScripts(): string[] {
  const docs = fs.readdirSync('docs', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'));
  const text = ['README.md', ...docs.map((file) => path.join('docs', file))]
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  return [...new Set([...text.matchAll(/scripts\/[\w-]+\.ts/g)].map((m) => m[0]))].sort();
}

/** One short H.264 clip, the smallest footage the clip benchmarks take. */
function tinyClip(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=s=320x180:r=25:d=1',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return file;
}

interface ScriptRun {
  args: () => string[];
  /** What its output must show: the figures it exists to print. */
  prints: RegExp[];
  env?: Record<string, string>;
  /** Measures the production build in dist/. */
  needsBuild?: boolean;
}

const hasBuild = fs.existsSync(path.join(DIST, '_astro'));
if (!hasBuild)
  console.warn(`Scripts that measure a production build are skipped: no build in ${DIST} (npm run build makes one).`);

// The database benchmarks run on PostgreSQL when it answers: the same code, without PGlite's start-up (seconds of CPU
// each, already paid by every API suite).
const postgres = await postgresTarget();
if (typeof postgres === 'string') console.warn(`${postgres}; the database benchmarks run on PGlite.`);
afterAll(async () => (typeof postgres === 'string' ? undefined : postgres.dispose()));
const database = typeof postgres === 'string' ? 'pglite' : 'postgres';
const databaseName = typeof postgres === 'string' ? 'PGlite' : 'PostgreSQL';

const RUNS: Record<string, ScriptRun> = {
  'scripts/bench-video.ts': {
    args: () => ['--minutes', '0.1', '--resolution', '720p', '--repeat', '1', '--no-write'],
    prints: [/\| Video \| Scenes \(illustrated\) \|/, /render alone [\d.]+ s, cpu [\d.]+ s; x264 alone/],
  },
  'scripts/bench-clips.ts': {
    args: () => [
      '--from',
      path.dirname(tinyClip(path.join(scratch, 'clips'))),
      '--minutes',
      '0.1',
      '--resolution',
      '720p',
      '--no-write',
    ],
    prints: [/\| Video \| Scenes \| End to end \|/, /s per video second\)/],
  },
  'scripts/bench-encoder.ts': {
    args: () => [
      '--footage',
      tinyClip(path.join(scratch, 'footage')),
      '--generated',
      '0',
      '--seconds',
      '0.2',
      '--size',
      '320x180',
    ],
    prints: [/\| Designed background, panned \| veryfast \|/, /\| Footage: clip\.mp4 \| .* dB \|/],
  },
  'scripts/bench-watermark.ts': {
    args: () => ['--clips', '1', '--seconds', '1', '--size', '320x180', '--no-write'],
    prints: [/\| \*\*Total\*\* \|/, /\| Removal render, 1 s 320×180/],
  },
  'scripts/bench-brand.ts': {
    args: () => ['--resolution', '720p', '--sentences', '1'],
    prints: [/\| logo, intro and outro \| [\d.]+ s \|/],
  },
  'scripts/bench-alignment.ts': {
    args: () => ['--sentences', '1', '--no-write'],
    prints: [/\| eSpeak en-us\+m3 .* ms \|/, /features \+ multi-resolution DTW took/],
  },
  'scripts/bench-illustration.ts': {
    args: () => [],
    prints: [/Main subject depicts something the narration names \| \*\*[\d.]+ %\*\*/],
  },
  'scripts/bench-reader.ts': {
    args: () => [],
    prints: [
      /\| Held out \(\w+ set\), never tuned on \| .* \*\*[\d.]+ %\*\*/,
      /Reading a sentence in its script, warm/,
    ],
  },
  'scripts/grab-beats.ts': {
    args: () => ['--out', path.join(scratch, 'beats'), '--shapes', '9:16', '--scripts', 'travel'],
    prints: [/travel 9:16: \d+ beats/],
  },
  'scripts/bench-analytics.ts': {
    args: () => ['--scale', '0.01', '--requests', '1', '--only', database],
    prints: [new RegExp(`\\| ${databaseName} \\| \`GET /analytics\\?range=7\` \\| [\\d.]+ \\|`)],
  },
  'scripts/bench-api.ts': {
    args: () => ['--duration', '1', '--connections', '2', '--warm-up', '0', '--only', database],
    prints: [
      new RegExp(`${databaseName}\\s+GET /me\\s+\\d+ req/s`),
      new RegExp(`${databaseName}\\s+POST /jobs .* \\d+ req/s .* failures 0`),
    ],
  },
  'scripts/bench-api-keys.ts': {
    args: () => ['--seconds', '1', '--connections', '2', '--warm-up', '0', '--no-write'],
    prints: [/\| Session \(Firebase ID token\) \| \d+ \| \d+ \| \d+ \|/, /\| API key \| \d+ \| \d+ \| \d+ \|/],
  },
  'scripts/bench-webhooks.ts': {
    args: () => [
      '--jobs',
      '2',
      '--deliveries',
      '10',
      '--receiver-ms',
      '50',
      '--render-minutes',
      '0.1',
      '--fair-events',
      '2',
      '--only',
      database,
      '--no-write',
    ],
    prints: [
      new RegExp(`\\| ${databaseName} \\| 2 \\| \\d+ ms \\| \\d+ ms \\|`),
      // The drain spreads the deliveries over four users' endpoints, rounding up to a multiple of them.
      /\| Drain of the \d+ deliveries \| [\d.]+ \|/,
      new RegExp(`\\| ${databaseName} \\(\\d+ hanging attempts made meanwhile.*\\| 2 \\| \\d+ ms \\| \\d+ ms \\|`),
    ],
  },
  'scripts/bench-batch.ts': {
    args: () => ['--rows', '2', '--minutes', '0.1', '--workers', '1', '--no-write', '--only', database],
    prints: [/\| 1 \| 1 \| [\d.]+ s \([\d.]+ s a video\) \| \d+ \| \d+ \| [\d.]+ s \/ [\d.]+ s \| \d+ % \|/],
  },
  'scripts/bench-upload.ts': {
    args: () => ['--sizes', '1', '--refused', '3'],
    env: {
      UPLOAD_LIMIT_BYTES: String(2 * 1024 * 1024),
      ...(typeof postgres === 'string' ? {} : { DATABASE_URL: postgres.databaseUrl! }),
    },
    prints: [/^1 MB\s+201 {2}RSS before/m, /^3 MB, no Content-Length \(refused\)\s+413/m],
  },
  'scripts/bench-web.ts': {
    args: () => ['--dist', DIST, '--pages', '/', '--lighthouse'],
    needsBuild: true,
    prints: [/\| \/ \| \d+ \| [\d.]+ \|/, /\| \/ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \|/],
  },
  'scripts/bench-signin.ts': {
    args: () => ['--dist', DIST, '--runs', '1'],
    needsBuild: true,
    prints: [/\| Profile \| Page \| e-mail field visible \(ms\) \|/, /\/auth \| \d+ \|/],
  },
  'scripts/screen-chunks.ts': {
    args: () => ['--dist', DIST, 'Analytics', 'Dashboard'],
    needsBuild: true,
    prints: [/\| Analytics \| .*\.js \| [\d.]+ \| [\d.]+ \| [\d.]+ \|/, /\| Dashboard \|/],
  },
};

/** Documented scripts that run elsewhere, or are no command. */
const ELSEWHERE: Record<string, string> = {
  'scripts/start.ts': '`npm start` itself: tests/integration/start-restart.test.ts runs it',
  'scripts/admin.ts': '`npm run admin`: tests/integration/admin-billing.test.ts runs it',
  'scripts/soak.ts': 'the soak: tests/integration/soak.test.ts runs it for two minutes',
  'scripts/bench-support.ts': 'what the benchmarks share; not a command',
};

async function runScript(script: string, { args, env = {} }: ScriptRun): Promise<string> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args()], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 240_000,
    });
    return stdout;
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    throw new Error(
      `${script} exited with ${failed.code}:\n${failed.stderr?.slice(-3000) ?? ''}\n${failed.stdout?.slice(-2000) ?? ''}`,
    );
  }
}

describe('the documented scripts', () => {
  it('are each run here or by the suite named for them', () => {
    const documented = documentedScripts();
    expect(documented.filter((script) => !(script in RUNS) && !(script in ELSEWHERE))).toEqual([]);
    expect([...Object.keys(RUNS), ...Object.keys(ELSEWHERE)].filter((script) => !fs.existsSync(script))).toEqual([]);
  });

  const runsAndPrints = async (script: string, spec: ScriptRun) => {
    const output = await runScript(script, spec);
    for (const figure of spec.prints) expect(output).toMatch(figure);
  };
  const runs = Object.entries(RUNS);
  it.each(runs.filter(([, spec]) => !spec.needsBuild))(
    '%s runs on its smallest input and prints its figures',
    runsAndPrints,
    300_000,
  );
  it.skipIf(!hasBuild).each(runs.filter(([, spec]) => spec.needsBuild))(
    '%s runs on the build and prints its figures',
    runsAndPrints,
    300_000,
  );
});

describe('scripts/screen-chunks.ts', () => {
  it('counts a chunk too small to be precompressed at its own size, as the web server sends it', async () => {
    const assets = path.join(scratch, 'dist', '_astro');
    fs.mkdirSync(assets, { recursive: true });
    const chunk = (name: string, code: string, compressed: boolean) => {
      fs.writeFileSync(path.join(assets, name), code);
      if (compressed)
        for (const suffix of ['.gz', '.br'])
          fs.writeFileSync(path.join(assets, name + suffix), code.slice(0, code.length / 4));
    };
    chunk('App.aaaa.js', 'import "./shared.bbbb.js";'.padEnd(2048, ' '), true);
    chunk('shared.bbbb.js', 'export const shared = 1;'.padEnd(2048, ' '), true);
    chunk('Analytics.cccc.js', 'import "./shared.bbbb.js"; import "./tiny.dddd.js";'.padEnd(4096, ' '), true);
    chunk('tiny.dddd.js', 'export const tiny = 1;'.padEnd(111, ' '), false);
    const output = await runScript('scripts/screen-chunks.ts', {
      args: () => ['--dist', path.dirname(assets), 'Analytics'],
      prints: [],
    });
    expect(output).toContain('| Analytics | Analytics.cccc.js, tiny.dddd.js | 4.1 | 1.1 | 1.1 |');
  });
});
