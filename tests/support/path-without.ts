/**
 * A PATH on which some programs are missing, as on a machine where they were never installed: a temporary folder
 * of links to every other program on the current PATH. Node is reached by its absolute path, so it keeps working.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function pathWithout(programs: readonly string[]): { path: string; dispose(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-path-'));
  for (const folder of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    let names: string[];
    try {
      names = fs.readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      // The first folder on the PATH wins, as it would for the shell.
      if (programs.includes(name) || fs.existsSync(path.join(dir, name))) continue;
      fs.symlinkSync(path.join(folder, name), path.join(dir, name));
    }
  }
  return { path: dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
