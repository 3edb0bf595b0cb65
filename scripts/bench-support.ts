/** What the benchmark scripts share: CPU time with children, and their figures' place in docs/benchmarks.md. */
import fs from 'node:fs';
import path from 'node:path';

/** CPU seconds used so far by this process (all threads) and by the children it has waited for (ffmpeg, workers). */
export function cpuSeconds(): number {
  const own = process.cpuUsage();
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 16 and 17 of /proc/<pid>/stat (cutime, cstime), in clock ticks of 1/100 s.
  const children = Number(fields[13]) + Number(fields[14]);
  return (own.user + own.system) / 1e6 + children / 100;
}

/**
 * Writes a benchmark's figures into docs/benchmarks.md between its own markers, so the notes written around them
 * survive and other benchmarks' sections are left alone; a first run appends the section under `heading`.
 */
export function writeBenchSection(marker: string, heading: string, figuresText: string): void {
  const file = path.join(import.meta.dirname, '..', 'docs', 'benchmarks.md');
  const START = `<!-- ${marker}:start -->`;
  const END = `<!-- ${marker}:end -->`;
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const block = `${START}\n${figuresText.trimEnd()}\n${END}`;
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next =
    start !== -1 && end > start
      ? `${current.slice(0, start)}${block}${current.slice(end + END.length)}`
      : `${current.trimEnd()}\n\n## ${heading}\n\n${block}\n`;
  fs.writeFileSync(file, next);
}
