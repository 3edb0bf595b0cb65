/** What the benchmark scripts share: a scratch production build, CPU time with children, and writing their section of docs/benchmarks.md. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Builds the site (pre-compressed, as `npm run build` does) into a new temporary folder and returns it. */
export async function buildIntoTemp(): Promise<string> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'nxn-bench-dist-'));
  const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' };
  console.error(`building into ${outDir} ...`);
  await run('npx', ['astro', 'build', '--outDir', outDir], { env, maxBuffer: 64 * 1024 * 1024 });
  await run('npx', ['tsx', 'scripts/precompress.ts', outDir], { env });
  return outDir;
}

/** CPU seconds used so far by this process (all threads) and by the children it has waited for (ffmpeg, workers). */
export function cpuSeconds(): number {
  const own = process.cpuUsage();
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 of /proc/<pid>/stat (cutime, cstime), in clock ticks of 1/100 s.
  const children = Number(fields[13]) + Number(fields[14]);
  return (own.user + own.system) / 1e6 + children / 100;
}

/** Replaces the `## <heading>` section of docs/benchmarks.md with `section` (which starts with that heading), or appends it. */
export function writeBenchmarkSection(heading: string, section: string): string {
  const file = path.resolve(import.meta.dirname, '..', 'docs', 'benchmarks.md');
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = current.search(new RegExp(`^## ${heading}\\s*$`, 'm'));
  let next: string;
  if (start === -1) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const rest = current.slice(start + 1);
    const end = rest.search(/^## /m);
    next = current.slice(0, start) + section + (end === -1 ? '' : `\n${rest.slice(end)}`);
  }
  fs.writeFileSync(file, next.endsWith('\n') ? next : `${next}\n`);
  return file;
}
