/**
 * docs/ARCHITECTURE.md's layer drawing lists the server's features on its `features/<name>/` line (and the lines
 * indented under it): exactly the folders of src/server/features/, so a new feature cannot be left off the map.
 */
import fs from 'node:fs';
import { expect, it } from 'vitest';

/** The names after `features/<name>/` in the drawing, up to the next line that does not continue the list. */
function mappedFeatures(map: string): string[] {
  const lines = map.split('\n');
  const start = lines.findIndex((line) => /^\s*\d+\s+features\/<name>\/\s/.test(line));
  if (start < 0) return [];
  const first = lines[start]!.replace(/^\s*\d+\s+features\/<name>\/\s+/, '');
  const listed = [first];
  for (const line of lines.slice(start + 1)) {
    if (!isContinuation(line)) break;
    listed.push(line);
  }
  return listed
    .join(' ')
    .split('·')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** A line that goes on with the list: only names and `·`, indented past the layer number. */
const isContinuation = (line: string) => /^\s{10,}[a-z]+(\s+·\s+[a-z]+)*(\s+·)?\s*$/.test(line);

it('reads the list the drawing gives', () => {
  expect(
    mappedFeatures('  9  features/<name>/     a · b ·\n                          c\n       routes.ts  thin'),
  ).toEqual(['a', 'b', 'c']);
});

it('the architecture map lists every server feature folder, and only those', () => {
  const folders = fs
    .readdirSync('src/server/features', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  expect(mappedFeatures(fs.readFileSync('docs/ARCHITECTURE.md', 'utf8')).sort()).toEqual(folders);
});
