/** A video's state in the watermark studio: its words, whether its render runs or is done, its clean copy's name. */
import type { WatermarkRecord } from '~/contract/watermark';

export const STATUS_TEXT: Record<WatermarkRecord['status'], string> = {
  uploaded: 'Ready to edit',
  queued: 'Waiting to start',
  active: 'Cleaning',
  succeeded: 'Clean file ready',
  failed: 'Failed',
};

/** "holiday.mov" → "holiday-clean.mov": the upload's name, and the extension of the clean file's own type. */
export const cleanFileName = (name: string, contentType: string) => {
  const extension = contentType.split('/')[1]!.replace('quicktime', 'mov').replace('x-matroska', 'mkv');
  return `${name.replace(/\.[^.]+$/, '')}-clean.${extension}`;
};

/** The editor's requests; one runs at a time, and every button that starts one waits for it. */
export type EditorRequest = 'detect' | 'frame' | 'clip' | 'render' | 'cancel';

/** The render is waiting or running: the editor follows it and offers to cancel it. */
export const isRunning = (record: WatermarkRecord) => record.status === 'queued' || record.status === 'active';

/** A video whose render finished: its clean copy is there to show, compare and download. */
export type CleanRecord = WatermarkRecord & { output: NonNullable<WatermarkRecord['output']> };

export const hasCleanCopy = (record: WatermarkRecord): record is CleanRecord =>
  record.status === 'succeeded' && record.output !== null;
