/**
 * What opening a signed-in screen downloads on top of the app shell, from a production build: the screen's lazy
 * chunk and every chunk it imports that the shell (the `App` island and what it imports) does not already hold,
 * with the sizes the web server sends them at: their precompressed siblings (scripts/precompress.ts), or the file
 * itself for a chunk too small to be worth compressing, which has none. Used to weigh a dependency before adding it
 * to a screen (docs/benchmarks.md, "Analytics screen JavaScript").
 *
 * Usage: npm run build && npx tsx scripts/screen-chunks.ts [--dist DIR] Analytics Dashboard
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const distAt = args.indexOf('--dist');
const dist = distAt >= 0 ? args.splice(distAt, 2)[1]! : 'dist';
const assets = join(dist, '_astro');
const chunks = readdirSync(assets).filter((file) => file.endsWith('.js'));

/** Static imports only: a dynamic import() is another screen's chunk, loaded when that screen opens. */
const imports = new Map(
  chunks.map((file) => {
    const code = readFileSync(join(assets, file), 'utf8');
    return [file, [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!)];
  }),
);

function closure(root: string): Set<string> {
  const seen = new Set([root]);
  const todo = [root];
  while (todo.length > 0) {
    for (const next of imports.get(todo.pop()!) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      todo.push(next);
    }
  }
  return seen;
}

const chunkOf = (name: string) => {
  const file = chunks.find((chunk) => chunk.startsWith(`${name}.`));
  if (!file) throw new Error(`no chunk named ${name} in ${assets}`);
  return file;
};
const size = (file: string) => statSync(join(assets, file)).size;
/** What the web server answers for `file` in an encoding (`.gz`, `.br`): the sibling when there is one, else the file. */
const sentSize = (file: string, suffix: string) => size(existsSync(join(assets, file + suffix)) ? file + suffix : file);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const shell = closure(chunkOf('App'));
console.log('| Screen | Chunks beyond the shell | raw (KB) | gzip (KB) | brotli (KB) |\n|---|---|---:|---:|---:|');
for (const name of args) {
  const added = [...closure(chunkOf(name))].filter((file) => !shell.has(file));
  const [raw, gzip, brotli] = ['', '.gz', '.br'].map((suffix) =>
    added.reduce((sum, file) => sum + sentSize(file, suffix), 0),
  );
  console.log(`| ${name} | ${added.join(', ')} | ${kb(raw!)} | ${kb(gzip!)} | ${kb(brotli!)} |`);
}
