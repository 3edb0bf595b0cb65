/**
 * Docs that stay true: every repository path that README.md or a document under docs/ names must exist.
 *
 * The rule, kept simple on purpose:
 * - a name is read from code, inline or fenced (each word of it, `{a,b}` expanded), and from Markdown link targets;
 * - it is a path when it ends in a source or document extension (FILE_NAME), or has a `/` and ends with one (a
 *   folder); URLs, API routes (`/videos`), packages (`@scope/name`), placeholders (`<name>`) and what is made at
 *   run or build time (`DATA_DIR/...`, `./data`, `dist/`, `node_modules/`) are not repository paths;
 * - a path with a `/` must exist from the repository root, the document's folder, `src/`, `src/server/` or
 *   `src/app/` (how the docs shorten names: `features/videos/routes.ts`, `agent/live.ts`); a link target from the
 *   document's folder only, as Markdown reads it;
 * - a bare file name (`service.ts`) must be the name of some file of the repository.
 *
 * And no reference to a section of a document that is not in the repository ("spec §7"): a doc says the rule.
 *
 * Code comments under src/ and scripts/ are held to the same rule, read as prose (every word of a comment, not only
 * its code): a path a comment names must exist from the same roots or the file's own folder, `~/` being `src/`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const FILE_NAME = /\.(ts|tsx|js|mjs|cjs|astro|md|mdx|json|sql|sh|css|ya?ml)$/;
const ROOTS = ['', 'src', 'src/server', 'src/app'];
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  '.git',
  '.astro',
  'test-results',
  'playwright-report',
  'coverage',
]);

function walk(dir: string, found: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, found);
    else found.push(path.relative(ROOT, full));
  }
  return found;
}

const repositoryFiles = walk(ROOT);
const fileNames = new Set(repositoryFiles.map((file) => path.basename(file)));
const documents = [
  'README.md',
  ...repositoryFiles.filter((file) => file.startsWith(`docs${path.sep}`) && file.endsWith('.md')),
].sort();

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`. */
function expandBraces(name: string): string[] {
  const match = /\{([^{}]*)\}/.exec(name);
  if (!match) return [name];
  return match[1]!
    .split(',')
    .flatMap((part) =>
      expandBraces(name.slice(0, match.index) + part.trim() + name.slice(match.index + match[0].length)),
    );
}

/** Whether a word of inline code names a repository path (see the rule above). */
function isRepositoryPath(word: string): boolean {
  if (/^(\/|@|\.\/data|[a-z]+:)|[<*()'"=]|^[A-Z][A-Z0-9_]+\//.test(word) || SKIPPED_DIRS.has(word.split('/')[0]!))
    return false;
  // A bare extension (`.mdx`) names a kind of file, not a file.
  if (/^\.[a-z]+$/.test(word)) return false;
  return FILE_NAME.test(word) || (word.includes('/') && word.endsWith('/'));
}

/** The words of `text`, `{a, b}` expanded, that name repository paths. */
function pathWords(text: string): string[] {
  return text
    .replace(/\{[^{}]*\}/g, (braces) => braces.replace(/\s+/g, ''))
    .split(/\s+/)
    .map((word) => word.replace(/^[("']+|[)"',;:.]+$/g, ''))
    .flatMap(expandBraces)
    .filter(isRepositoryPath);
}

/** The words of `text`, `{a, b}` expanded, that name repository paths. */
function pathWordsOfProse(text: string): string[] {
  return pathWords(text.replace(/`/g, ' ')).map((word) => word.replace(/^~\//, 'src/'));
}

/** The names a Markdown text gives: words of code (inline and fenced) and link targets. */
function namedPaths(markdown: string): { code: string[]; links: string[] } {
  const fenced = [...markdown.matchAll(/^```.*\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const inline = [...prose.matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2]!);
  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!.split('#')[0]!)
    .filter((target) => target.length > 0 && !/^[a-z]+:/.test(target));
  return { code: [...fenced, ...inline].flatMap(pathWords), links };
}

const exists = (relative: string) => fs.existsSync(path.join(ROOT, relative));

/** Whether `name`, read in a file of `folder`, names something of the repository. */
const resolves = (name: string, folder: string) =>
  name.includes('/') ? [...ROOTS, folder].some((root) => exists(path.join(root, name))) : fileNames.has(name);

function missingIn(document: string): string[] {
  const text = fs.readFileSync(document, 'utf8');
  const folder = path.dirname(document);
  const { code, links } = namedPaths(text);
  const missingCode = code.filter((name) => !resolves(name, folder));
  const missingLinks = links.filter((target) => !exists(path.join(folder, target)));
  return [...new Set([...missingCode, ...missingLinks])];
}

/**
 * The comments of a source file: `//` and `/* *\/` where they start a line or follow a space or a bracket (so a URL's
 * `//` or a glob's `/*` in a string is not one), `<!-- -->` in Astro markup, `#` in shell scripts.
 */
function commentsOf(text: string, file: string): string[] {
  if (file.endsWith('.sh')) return [...text.matchAll(/(?:^|\s)#(?!!)(.*)$/gm)].map((m) => m[1]!);
  return [
    ...[...text.matchAll(/(?:^|[\s;{(])\/\*([\s\S]*?)\*\//g)].map((m) => m[1]!),
    ...[...text.matchAll(/(?:^|\s)\/\/(.*)$/gm)].map((m) => m[1]!),
    ...[...text.matchAll(/<!--([\s\S]*?)-->/g)].map((m) => m[1]!),
  ];
}

const SOURCE = /\.(ts|tsx|js|mjs|cjs|astro|sh)$/;
const sources = repositoryFiles
  .filter((file) => /^(src|scripts)\//.test(file.split(path.sep).join('/')) && SOURCE.test(file))
  .sort();

function missingInComments(file: string): string[] {
  const folder = path.dirname(file);
  const names = commentsOf(fs.readFileSync(file, 'utf8'), file).flatMap(pathWordsOfProse);
  return [...new Set(names.filter((name) => !resolves(name, folder)))];
}

describe('the code comments', () => {
  it('are read the way the rule says', () => {
    const text = [
      "const url = 'https://example.com/a.ts'; // the `video` job (media/video-job.ts) and ~/server/main.ts",
      "glob('src/*.ts'); /* <dir>/<key>.json, new URL('./x.ts', import.meta.url), .mdx, features/videos/job.ts */",
    ].join('\n');
    expect(commentsOf(text, 'src/x.ts').flatMap(pathWordsOfProse)).toEqual([
      'features/videos/job.ts',
      'media/video-job.ts',
      'src/server/main.ts',
    ]);
    expect(
      commentsOf('# see scripts/test.sh\necho "#not/a-comment.sh"', 'scripts/x.sh').flatMap(pathWordsOfProse),
    ).toEqual(['scripts/test.sh']);
  });

  it.each(sources)('%s names only paths that exist', (file) => {
    expect(missingInComments(file)).toEqual([]);
  });
});

describe('the documentation', () => {
  it('reads names the way the rule says', () => {
    expect(
      namedPaths(
        'Run `npx tsx scripts/bench-web.ts --lighthouse`, see [benchmarks](benchmarks.md#web) and `GET /videos`.',
      ),
    ).toEqual({
      code: ['scripts/bench-web.ts'],
      links: ['benchmarks.md'],
    });
    expect(
      namedPaths(
        '`features/videos/storyboard-{routes, service}.ts`, `DATA_DIR/cache/x.json`, `@scope/pkg`, `src/<name>/`, `text/plain`',
      ).code,
    ).toEqual(['features/videos/storyboard-routes.ts', 'features/videos/storyboard-service.ts']);
  });

  it.each(documents)('%s names only paths that exist', (document) => {
    expect(missingIn(document)).toEqual([]);
  });

  it.each(documents)('%s points at no section of a document outside the repository', (document) => {
    const lines = fs.readFileSync(document, 'utf8').split('\n');
    expect(
      lines.flatMap((line, index) => (line.includes('§') ? [`${document}:${index + 1}: ${line.trim()}`] : [])),
    ).toEqual([]);
  });
});
