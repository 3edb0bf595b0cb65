import { describe, expect, it } from 'vitest';
import { cleanFileName, hasCleanCopy, isRunning } from '~/app/features/watermark/model';
import type { WatermarkRecord } from '~/contract/watermark';

const record = (patch: Partial<WatermarkRecord>) => ({ status: 'uploaded', output: null, ...patch }) as WatermarkRecord;
const output = { url: 'https://files.test/clean.mp4', contentType: 'video/mp4' } as NonNullable<
  WatermarkRecord['output']
>;

describe('watermark studio model', () => {
  it('names the clean copy after the upload, with the extension of its own type', () => {
    expect(cleanFileName('holiday.mp4', 'video/mp4')).toBe('holiday-clean.mp4');
    expect(cleanFileName('take.2.mov', 'video/quicktime')).toBe('take.2-clean.mov');
    expect(cleanFileName('clip', 'video/x-matroska')).toBe('clip-clean.mkv');
    expect(cleanFileName('clip.mkv', 'video/webm')).toBe('clip-clean.webm');
  });

  it('follows a render while it waits or runs, and shows a clean copy only once one exists', () => {
    expect(isRunning(record({ status: 'queued' }))).toBe(true);
    expect(isRunning(record({ status: 'active' }))).toBe(true);
    expect(isRunning(record({ status: 'succeeded', output }))).toBe(false);
    expect(hasCleanCopy(record({ status: 'succeeded', output }))).toBe(true);
    expect(hasCleanCopy(record({ status: 'succeeded' }))).toBe(false);
    expect(hasCleanCopy(record({ status: 'failed', output }))).toBe(false);
  });
});
