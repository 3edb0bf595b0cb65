import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError } from '~/server/db/lock.ts';

const dirs: string[] = [];
const lockPath = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite.lock');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('PGlite data directory lock', () => {
  it('refuses a second opener while the first holds it, and frees it on release', () => {
    const file = lockPath();
    const release = acquireLock(file);
    expect(() => acquireLock(file)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(file)).toBe(false);
    acquireLock(file)();
  });

  it('names the owning process and what to do instead', () => {
    const file = lockPath();
    const release = acquireLock(file);
    expect(() => acquireLock(file)).toThrow(new RegExp(`process ${process.pid}.*DATABASE_URL`));
    release();
  });

  it('takes over a lock left by a process that no longer runs', async () => {
    const file = lockPath();
    const dead = spawn(process.execPath, ['-e', '0']);
    const pid = dead.pid!;
    await new Promise((resolve) => dead.once('exit', resolve));
    fs.writeFileSync(file, JSON.stringify({ pid, host: os.hostname() }));
    const release = acquireLock(file);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).pid).toBe(process.pid);
    release();
  });
});
