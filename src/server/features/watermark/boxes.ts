/**
 * The user's boxes as the media library takes them: pixels of the displayed frame, the time ranges, and for the
 * shape-following fill a mask image cut from detection's mark shape. Used by the render and by the previews.
 */
import path from 'node:path';
import type { WatermarkBox } from '~/contract/watermark.ts';
import type { WatermarkFacts } from '~/server/db/schema/watermark.ts';
import { decodeMask } from '~/server/media/overlay-detect.ts';
import { writeMarkMask } from '~/server/media/overlay-frames.ts';
import { type RemovalBox, toPixels } from '~/server/media/overlay-removal.ts';

export async function removalBoxes(
  boxes: readonly WatermarkBox[],
  frame: { width: number; height: number },
  facts: WatermarkFacts,
  workDir: string,
): Promise<RemovalBox[]> {
  const mask = facts.mask ? decodeMask(facts.mask.runs, facts.mask.width * facts.mask.height) : undefined;
  const maskSize = facts.mask ?? frame;
  return Promise.all(
    boxes.map(async (box, k) => {
      const pixels = toPixels(box, frame.width, frame.height);
      const removal: RemovalBox = {
        ...pixels,
        method: box.method,
        ...(box.startS !== null ? { startS: box.startS } : {}),
        ...(box.endS !== null ? { endS: box.endS } : {}),
      };
      if (box.method !== 'removelogo') return removal;
      const paths = { alphaPath: path.join(workDir, `mask-${k}.pgm`), fillPath: path.join(workDir, `fill-${k}.pgm`) };
      await writeMarkMask(paths, mask, maskSize, pixels, frame);
      return { ...removal, mask: paths };
    }),
  );
}

/** Output container: the source's own family where H.264 and its audio fit (WebM's Opus/Vorbis go into MKV). */
export const outputType = (container: WatermarkFacts['container']) =>
  container === 'mov'
    ? { ext: 'mov', contentType: 'video/quicktime' }
    : container === 'mkv'
      ? { ext: 'mkv', contentType: 'video/x-matroska' }
      : { ext: 'mp4', contentType: 'video/mp4' };
