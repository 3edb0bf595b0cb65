/**
 * The pipeline's work directory, keyed by video id under DATA_DIR, so when a worker dies, an attempt is retried,
 * or the user retries a failed video, the next run resumes from the last finished stage (the narration of scenes
 * already spoken is not paid for again). It is removed when the video is made or cancelled; a failed video's stays
 * for its retry until it has been left alone for a week.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

const workRoot = (dataDir: string): string => path.join(dataDir, 'work', 'videos');
export const videoWorkDir = (dataDir: string, videoId: string): string => path.join(workRoot(dataDir), videoId);

/** Failed videos nobody retried (or deleted since) leave their work behind; this long untouched, it goes. */
const ABANDONED_WORK_MS = 7 * 24 * 3600_000;

export async function removeAbandonedWork(dataDir: string, now = Date.now()): Promise<string[]> {
  const root = workRoot(dataDir);
  const entries = await fs.readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const entry of entries) {
    const dir = path.join(root, entry);
    const stat = await fs.stat(dir).catch(() => null);
    if (stat && now - stat.mtimeMs > ABANDONED_WORK_MS) {
      await fs.rm(dir, { recursive: true, force: true });
      removed.push(entry);
    }
  }
  return removed;
}
