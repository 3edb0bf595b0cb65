import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeAbandonedWork, videoWorkDir } from '~/server/features/videos/pipeline/work.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nxn-video-work-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('work left by failed videos', () => {
  it('is removed once nobody has touched it for a week, and kept before', async () => {
    const day = 24 * 3600_000;
    const now = Date.now();
    const old = videoWorkDir(dataDir, 'failed-long-ago');
    const recent = videoWorkDir(dataDir, 'failed-yesterday');
    for (const dir of [old, recent]) fs.mkdirSync(path.join(dir, 'narration'), { recursive: true });
    fs.utimesSync(old, new Date(now - 8 * day), new Date(now - 8 * day));
    fs.utimesSync(recent, new Date(now - day), new Date(now - day));

    expect(await removeAbandonedWork(dataDir, now)).toEqual(['failed-long-ago']);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    expect(await removeAbandonedWork(path.join(dataDir, 'nothing-here'), now)).toEqual([]);
  });
});
