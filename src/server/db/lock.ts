/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it. This exclusive
 * lock file (O_EXCL create) records the owner's pid; a lock whose pid is no longer running is stale and taken over.
 */
import fs from 'node:fs';
import os from 'node:os';

export class DataDirLockedError extends Error {
  constructor(lockPath: string, pid: number) {
    super(
      `The database in ${lockPath.replace(/\/[^/]+$/, '')} is already open by process ${pid} on this machine. ` +
        'PGlite allows one process per data directory: stop that process, point DATA_DIR elsewhere, ' +
        'or set DATABASE_URL to use PostgreSQL for several processes.',
    );
    this.name = 'DataDirLockedError';
  }
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still a live owner.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readOwner = (lockPath: string): number | undefined => {
  try {
    const owner = JSON.parse(fs.readFileSync(lockPath, 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof owner.pid === 'number' ? owner.pid : undefined;
  } catch {
    return undefined;
  }
};

/** Acquires the lock or throws DataDirLockedError; returns the release function. */
export function acquireLock(lockPath: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() }));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readOwner(lockPath);
      if (pid !== undefined && isRunning(pid)) throw new DataDirLockedError(lockPath, pid);
      // Unreadable or dead owner: a crashed process left it behind.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not acquire ${lockPath}: another process keeps recreating it`);
}
