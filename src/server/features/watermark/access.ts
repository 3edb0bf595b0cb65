/** What every removal action starts from: the user's own row, its stored source, and boxes checked before use. */
import type { WatermarkBox } from '~/contract/watermark.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { edgeCrop, toPixels } from '~/server/media/overlay-removal.ts';
import { findFile } from '~/server/storage/files.ts';
import { sourceInput } from './source.ts';
import { findRemoval, type RemovalRow } from './store.ts';

/** ffmpeg and the detector load only when a request needs them (see media.ts). */
export const heavy = () => import('./media.ts');

export const invalid = (field: string, message: string) => new HttpError(400, 'Invalid input', { [field]: message });

/** Seconds a presigned source link lives for a request's ffmpeg. */
const REQUEST_LINK_SECONDS = 15 * 60;

export type RemovalAccess = ReturnType<typeof removalAccess>;

export function removalAccess(deps: ApiDeps) {
  const { database, storage, config } = deps;

  async function ownRow(uid: string, id: string): Promise<RemovalRow> {
    const row = await findRemoval(database.db, uid, id);
    if (!row) throw notFound('Video not found');
    return row;
  }

  async function sourceFile(uid: string, row: RemovalRow) {
    const file = row.sourceFileId ? await findFile(database.db, row.sourceFileId, uid) : undefined;
    if (!file) throw new HttpError(409, 'The uploaded video is no longer in your storage. Upload it again.');
    return file;
  }

  const inputOfKey = (storageKey: string): Promise<string> =>
    sourceInput(config, (key) => storage.directUrl(key, REQUEST_LINK_SECONDS), storageKey);

  const inputOf = async (uid: string, row: RemovalRow): Promise<string> =>
    inputOfKey((await sourceFile(uid, row)).storageKey);

  return { ownRow, sourceFile, inputOf, inputOfKey };
}

/** Crop boxes must sit near an edge; refused here so neither a preview nor a render fails on them later. */
export function checkBoxes(row: RemovalRow, boxes: readonly WatermarkBox[]): void {
  try {
    edgeCrop(
      boxes.map((b) => ({ ...toPixels(b, row.width, row.height), method: b.method })),
      row.width,
      row.height,
    );
  } catch (error) {
    if (error instanceof RangeError) throw invalid('boxes', error.message);
    throw error;
  }
  if (boxes.some((b) => b.startS !== null && b.startS * 1000 >= row.durationMs))
    throw invalid('boxes', 'A box starts after the video ends.');
}
