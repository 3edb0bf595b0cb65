/**
 * Upload memory benchmark: the API runs alone in its own process (ROLE=api, PGlite, local storage) and this script
 * streams raw uploads to `POST /files/upload` (50 MB and 500 MB, then 530 MB without a Content-Length, which the
 * 512 MB limit refuses while it arrives), sampling the API process's resident memory (VmRSS) every 20 ms and its CPU
 * time from /proc. Peak memory should not grow with the file's size.
 *
 *   npx tsx scripts/bench-upload.ts [--sizes 50,500] [--refused 530] [--write]
 *   UPLOAD_LIMIT_BYTES=2097152 npx tsx scripts/bench-upload.ts --sizes 1 --refused 3   # the smallest run
 *
 * --refused MB: the upload sent without a Content-Length, past the API's limit (UPLOAD_LIMIT_BYTES, 512 MB).
 * --write replaces the "## Uploads" section of docs/benchmarks.md with the figures.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { createUser, ensureAuthEmulator } from '../tests/integration/support/auth-emulator.ts';
import { writeBenchmarkSection } from './bench-support.ts';

const MB = 1024 * 1024;
const CLOCK_TICKS = 100;

interface Row {
  upload: string;
  status: number;
  before: number;
  peak: number;
  after: number;
  wall: number;
  cpu: number;
}

const rssMb = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** User + system CPU seconds the process has used so far. */
const cpuSeconds = (pid: number): number => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
};

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** `bytes` of text, 1 MB at a time from one reused buffer, so this process's memory stays flat too. */
function* textBody(bytes: number) {
  const chunk = Buffer.alloc(MB, 'a');
  for (let sent = 0; sent < bytes; sent += MB) yield bytes - sent >= MB ? chunk : chunk.subarray(0, bytes - sent);
}

function upload(url: string, token: string, bytes: number, declareLength: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, 'content-type': 'text/plain' };
    if (declareLength) headers['content-length'] = String(bytes);
    const req = http.request(`${url}/files/upload?name=bench.txt`, { method: 'POST', headers }, (res) => {
      res.resume().on('end', () => resolve(res.statusCode ?? 0));
    });
    // A refusal closes the connection before the body is sent: the answer is what counts.
    req.on('error', (error) => (req.writableEnded ? reject(error) : undefined));
    Readable.from(textBody(bytes)).on('error', reject).pipe(req);
  });
}

async function measure(pid: number, label: string, run: () => Promise<number>): Promise<Row> {
  await new Promise((r) => setTimeout(r, 1500));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  const cpu0 = cpuSeconds(pid);
  const started = performance.now();
  const status = await run();
  const wall = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  await new Promise((r) => setTimeout(r, 1500));
  clearInterval(sampler);
  const row = { upload: label, status, before, peak, after: rssMb(pid), wall, cpu };
  console.log(
    `${label.padEnd(34)} ${status}  RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${row.after.toFixed(0)} MB;` +
      ` wall ${wall.toFixed(1)} s, CPU ${cpu.toFixed(1)} s`,
  );
  return row;
}

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '50,500' },
    refused: { type: 'string', default: '530' },
    write: { type: 'boolean', default: false },
  },
});
const sizes = values.sizes.split(',').map(Number);
const refused = Number(values.refused);
const load = os.loadavg()[0] ?? 0;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-bench-upload-'));
const stopEmulator = await ensureAuthEmulator();
const port = await freePort();
const api = fork(path.resolve(import.meta.dirname, '../src/server/main.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: {
    ...process.env,
    ROLE: 'api',
    API_PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    STORAGE_QUOTA_BYTES: String(8 * 1024 * MB),
  },
  stdio: 'inherit',
});
const url = `http://127.0.0.1:${port}`;
const rows: Row[] = [];
try {
  for (;;) {
    if (api.exitCode !== null) throw new Error(`The API exited (${api.exitCode})`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const user = await createUser();
  const sync = await fetch(`${url}/auth/auth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uid: user.uid, email: user.email, displayName: null, photoURL: null }),
  });
  if (!sync.ok) throw new Error(`Profile sync answered ${sync.status}`);
  // One small upload first, so the figures below are about size, not about the first request's code loading.
  rows.push(await measure(api.pid!, '1 MB (warm-up)', () => upload(url, user.idToken, MB, true)));
  for (const size of sizes)
    rows.push(await measure(api.pid!, `${size} MB`, () => upload(url, user.idToken, size * MB, true)));
  rows.push(
    await measure(api.pid!, `${refused} MB, no Content-Length (refused)`, () =>
      upload(url, user.idToken, refused * MB, false),
    ),
  );
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await stopEmulator();
}
if (values.write) writeSection(rows);

function writeSection(rows: Row[]): void {
  const cpus = os.cpus();
  const table = [
    '| Upload | Status | RSS before (MB) | Peak RSS during (MB) | RSS after (MB) | Wall (s) | API CPU (s) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.upload} | ${r.status} | ${r.before.toFixed(0)} | ${r.peak.toFixed(0)} | ${r.after.toFixed(0)} | ${r.wall.toFixed(1)} | ${r.cpu.toFixed(1)} |`,
    ),
  ].join('\n');
  const section = `## Uploads

Command: \`npx tsx scripts/bench-upload.ts --sizes ${sizes.join(',')} --refused ${refused} --write\`
(the API alone in its own process, ROLE=api on PGlite with local storage; raw uploads to \`POST /files/upload\`
streamed over loopback in 1 MB writes; the API process's VmRSS sampled every 20 ms, its CPU time read from /proc).
Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, measured ${new Date().toISOString().slice(0, 10)}
with a 1-minute load average of ${load.toFixed(1)} at the start (the machine is shared, so expect run-to-run variation).

${table}

The body goes to a temporary file beside the data (\`DATA_DIR/tmp/uploads\`) as it arrives, one chunk at a time,
and the first 4 KB decide its type; storage then renames the file into place (local disk) or streams it (S3), so
the peak does not grow with the file's size. Before, the whole body was read into memory: a 530 MB upload took the server from
580 MB to 1.6 GB before its 413. The refused upload now stops at the limit (512 MB) with nothing kept.
`;
  const file = writeBenchmarkSection('Uploads', section);
  console.log(`Wrote the Uploads section of ${path.relative(process.cwd(), file)}`);
}
