/**
 * Marking what to remove: detection proposes boxes (replacing the saved ones), the user's boxes are checked before
 * they are kept, and previews show a frame of the source with the boxes applied or of the finished clean copy.
 */
import type { BoxesRequest, PreviewRequest, ResultFrameRequest } from '~/contract/watermark.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import { HttpError } from '~/server/http/errors.ts';
import { findFile } from '~/server/storage/files.ts';
import { uploadTempDir } from '~/server/storage/uploads.ts';
import { checkBoxes, heavy, invalid, type RemovalAccess } from './access.ts';
import { saveBoxes } from './store.ts';

export function removalEditing(deps: ApiDeps, { ownRow, inputOf, inputOfKey }: RemovalAccess) {
  const { database, config } = deps;

  return {
    async detect(uid: string, id: string): Promise<void> {
      const row = await ownRow(uid, id);
      const { detectMarks } = await heavy();
      const { boxes, mask } = await detectMarks(await inputOf(uid, row), row);
      await saveBoxes(database.db, uid, id, boxes, { mask, facts: row.facts });
    },

    async saveBoxes(uid: string, id: string, request: BoxesRequest): Promise<void> {
      const row = await ownRow(uid, id);
      checkBoxes(row, request.boxes);
      await saveBoxes(database.db, uid, id, request.boxes);
    },

    async preview(
      uid: string,
      id: string,
      request: PreviewRequest,
    ): Promise<{ bytes: Uint8Array; contentType: string }> {
      const row = await ownRow(uid, id);
      checkBoxes(row, request.boxes);
      if (request.atS * 1000 > row.durationMs) throw invalid('atS', 'This moment is past the end of the video.');
      const { renderPreview } = await heavy();
      const source = {
        input: await inputOf(uid, row),
        width: row.width,
        height: row.height,
        durationMs: row.durationMs,
        facts: row.facts,
      };
      return renderPreview(source, request.boxes, request.atS, request.kind, uploadTempDir(config), 'veryfast');
    },

    /** A frame of the clean copy, for the before/after view of a finished removal. */
    async resultFrame(
      uid: string,
      id: string,
      request: ResultFrameRequest,
    ): Promise<{ bytes: Uint8Array; contentType: string }> {
      const row = await ownRow(uid, id);
      const file = row.outputFileId ? await findFile(database.db, row.outputFileId, uid) : undefined;
      if (!file) throw new HttpError(409, 'This video has no clean copy yet.');
      if (request.atS * 1000 > row.durationMs) throw invalid('atS', 'This moment is past the end of the video.');
      const { frameJpeg } = await heavy();
      return frameJpeg(await inputOfKey(file.storageKey), row.durationMs, request.atS);
    },
  };
}
