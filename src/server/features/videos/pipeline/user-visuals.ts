/** The user's own files as scene stills: uploaded images fitted to the still size, uploaded clips played as they are. */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ClipAudio, StoryboardScene } from '~/contract/storyboard.ts';
import { probeClip } from '~/server/media/clip.ts';
import { runFfmpeg } from '~/server/media/ffmpeg.ts';
import { fitImageArgs } from '~/server/media/render.ts';
import { localPictureProblem } from '~/server/media/upload.ts';
import { SNIFF_BYTES, sniffType } from '~/server/storage/sniff.ts';
import { isAbortError, MediaError } from '../errors.ts';
import type { Size } from '../pictures/scene-visuals.ts';
import type { Still } from './manifest.ts';
import { exists } from './stage.ts';

/** Local copy of one of the user's uploaded files. */
export type UploadFile = (fileId: string, signal?: AbortSignal) => Promise<string>;

/** Whether an upload is a video clip rather than an image, by its first bytes. */
async function isVideo(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(SNIFF_BYTES), 0, SNIFF_BYTES, 0);
    return sniffType(buffer.subarray(0, bytesRead))?.startsWith('video/') ?? false;
  } finally {
    await handle.close();
  }
}

/** A storyboard scene showing one of the user's clips plays the clip itself; undefined for anything else. */
export async function storyboardClip(
  scene: StoryboardScene,
  i: number,
  uploadFile: UploadFile | undefined,
  signal: AbortSignal | undefined,
): Promise<Pick<Still, 'file' | 'source' | 'clip' | 'audio'> | undefined> {
  if (scene.visual.kind !== 'upload' || !uploadFile) return undefined;
  let file: string;
  try {
    file = await uploadFile(scene.visual.fileId, signal);
  } catch (error) {
    if (isAbortError(error)) throw error;
    // Gone since it was checked: the picture path reports it and falls back to the automatic pick.
    return undefined;
  }
  if (!(await isVideo(file))) return undefined;
  try {
    return { file, source: 'upload', clip: await probeClip(file, signal), audio: scene.visual.audio };
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new MediaError(
      `We couldn't read the clip of scene ${i + 1}. Please upload it again as MP4, MOV or WebM.`,
      'visuals',
      { cause: error },
    );
  }
}

export interface FitUploadOptions {
  dir: string;
  size: Size;
  /** The request's choice for its clips' sound. */
  clipAudio: ClipAudio | undefined;
  signal: AbortSignal | undefined;
}

// Every scene using upload k shares one fitted copy of it; a clip is read as it is by the render.
export async function fitUpload(
  uploads: readonly string[],
  k: number,
  { dir, size, clipAudio, signal }: FitUploadOptions,
): Promise<Still> {
  if (await isVideo(uploads[k]!)) {
    try {
      const clip = await probeClip(uploads[k]!, signal);
      // Jobs queued before clips carry no clip audio in their stored payload.
      return { file: uploads[k]!, ...size, source: 'upload', clip, audio: clipAudio ?? 'mute' };
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new MediaError(
        `We couldn't read your clip ${k + 1}. Please upload it again as MP4, MOV or WebM.`,
        'visuals',
        { cause: error },
      );
    }
  }
  const file = path.join(dir, `upload-${String(k + 1).padStart(3, '0')}.png`);
  if (!(await exists(file))) {
    // The decoded-size rule of uploads, whatever route stored the file: checked before anything decodes it.
    const problem = await localPictureProblem(uploads[k]!);
    if (problem) throw new MediaError(`Your image ${k + 1} cannot be used. ${problem}`, 'visuals');
    try {
      await runFfmpeg(fitImageArgs(uploads[k]!, size, file), { signal });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new MediaError(`We couldn't read your image ${k + 1}. Please upload JPEG, PNG or WebP images.`, 'visuals', {
        cause: error,
      });
    }
  }
  return { file, ...size, source: 'upload' };
}
