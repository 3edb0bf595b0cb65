/**
 * A picture or clip the user uploads for their videos (scene pictures and clips through POST /videos/uploads, the
 * brand kit's logo through POST /brand-kit/logo, which takes pictures only). The form is read as a stream into a
 * temporary file within the route's limit and the user's storage room; the type comes from the content. An image is
 * checked from its header (size, decode cost), a clip by ffprobe under a time limit (a picture, its length, its
 * size); then either by a fenced ffmpeg decode of its first picture; only then is it recorded and stored.
 */
import fs from 'node:fs/promises';
import { cleanFileName } from '~/contract/text.ts';
import { VIDEO_UPLOAD } from '~/contract/video.ts';
import type { ByteLimit } from '~/server/http/body.ts';
import { HttpError } from '~/server/http/errors.ts';
import { bodyTooLarge } from '~/server/http/middleware.ts';
import { multipartBoundary, readMultipartFile } from '~/server/http/multipart.ts';
import type { FileRow } from '~/server/storage/files.ts';
import { sniffType } from '~/server/storage/sniff.ts';
import type { Storage } from '~/server/storage/types.ts';
import { spoolBody, storeUpload, type UploadDeps, uploadRoom } from '~/server/storage/uploads.ts';
import { type ClipInfo, probeClip } from './clip.ts';
import { decodesAsImage } from './image-check.ts';
import { type ImageHeader, imageHeader } from './image-size.ts';

const MB = 1024 * 1024;
const LIMIT_MESSAGE = `Images can be up to ${VIDEO_UPLOAD.maxBytes / MB} MB each, clips up to ${VIDEO_UPLOAD.maxClipBytes / MB} MB.`;
const IMAGE_LIMIT_MESSAGE = `Images can be up to ${VIDEO_UPLOAD.maxBytes / MB} MB each.`;
const tooLarge = () => bodyTooLarge(LIMIT_MESSAGE, { file: LIMIT_MESSAGE });
const imageTooLarge = () => bodyTooLarge(IMAGE_LIMIT_MESSAGE, { file: IMAGE_LIMIT_MESSAGE });

/**
 * The file itself (where clips are taken, a clip's limit: the type is known only once it is in), and the whole form
 * (plus its part headers).
 */
const FILE_LIMIT: ByteLimit = { maxBytes: VIDEO_UPLOAD.maxClipBytes, error: tooLarge };
const IMAGE_LIMIT: ByteLimit = { maxBytes: VIDEO_UPLOAD.maxBytes, error: imageTooLarge };
export const MEDIA_FORM_LIMIT: ByteLimit = { maxBytes: VIDEO_UPLOAD.maxClipBytes + 64 * 1024, error: tooLarge };
export const IMAGE_FORM_LIMIT: ByteLimit = { maxBytes: VIDEO_UPLOAD.maxBytes + 64 * 1024, error: imageTooLarge };

/** A clip that ffprobe cannot read within this is refused rather than tying up the request. */
const PROBE_TIMEOUT_MS = 15_000;

/**
 * Memory a decoder may need for one image: 8192×8192 RGBA at 8 bits per channel, the largest the side limit allows.
 * Deeper images (16 bits per channel) must be smaller; a header promising more is refused before any decode.
 */
export const MAX_DECODED_BYTES = 8192 * 8192 * 4;

/** Enough of the file's start for the type and any header a JPEG puts before its frame size (EXIF, ICC, …). */
const HEAD_BYTES = 1024 * 1024;

const invalid = (message: string) => new HttpError(400, 'Invalid input', { file: message });

/** The type a file's first bytes prove, if it is one of the image types videos take. */
export function sniffImageType(bytes: Uint8Array): (typeof VIDEO_UPLOAD.types)[number] | undefined {
  const type = sniffType(bytes);
  return VIDEO_UPLOAD.types.find((t) => t === type);
}

/** The clip type a file's first bytes prove, if it is one videos take (an M4V is an MP4). */
export function sniffClipType(bytes: Uint8Array): (typeof VIDEO_UPLOAD.clipTypes)[number] | undefined {
  const type = sniffType(bytes);
  return VIDEO_UPLOAD.clipTypes.find((t) => t === type);
}

/** Why a clip cannot be used, or null when it can. */
export function clipProblem(clip: ClipInfo): string | null {
  const { width, height } = clip;
  if (clip.durationMs <= 0) return 'This clip has no length; the file may be damaged.';
  if (clip.durationMs > VIDEO_UPLOAD.maxClipSec * 1000)
    return `Clips can be up to ${VIDEO_UPLOAD.maxClipSec / 60} minutes long (this one is ${Math.ceil(clip.durationMs / 60_000)}).`;
  if (Math.min(width, height) < VIDEO_UPLOAD.minSide)
    return `Use a clip at least ${VIDEO_UPLOAD.minSide} pixels on each side (this one is ${width}×${height}).`;
  if (Math.max(width, height) > VIDEO_UPLOAD.maxClipSide || width * height > VIDEO_UPLOAD.maxClipPixels) {
    return `Clips can be up to 4K (${VIDEO_UPLOAD.maxClipSide}×2160); this one is ${width}×${height}.`;
  }
  return null;
}

/** Why an image with this header cannot be used, or null when it can (decoding may still find it damaged). */
export function imageHeaderProblem(header: ImageHeader): string | null {
  const { width, height } = header;
  if (Math.min(width, height) < VIDEO_UPLOAD.minSide || Math.max(width, height) > VIDEO_UPLOAD.maxSide) {
    return `Use an image between ${VIDEO_UPLOAD.minSide} and ${VIDEO_UPLOAD.maxSide} pixels on each side (this one is ${width}×${height}).`;
  }
  if (width * height * header.bytesPerPixel > MAX_DECODED_BYTES) {
    const depth = header.bitsPerChannel > 8 ? ` at ${header.bitsPerChannel} bits per channel` : '';
    return `This image (${width}×${height}${depth}) is too large to open. Save it with 8 bits per channel or at a smaller size.`;
  }
  return null;
}

/**
 * The one decoded-size rule for a picture, from its first `PICTURE_HEAD_BYTES`, whatever route stored it (this upload,
 * POST /files/upload, a file kept from before the rule): why it cannot be decoded here, or null when it can be tried
 * (a clip, or a picture within the rule). The render applies it before it decodes any user's picture.
 */
export function pictureProblem(head: Uint8Array): string | null {
  if (!sniffImageType(head)) return null;
  const header = imageHeader(head);
  if (!header) return 'This image could not be read; the file may be damaged. Try saving it again or choose another.';
  return imageHeaderProblem(header);
}

/** Enough of a picture's start for its header. */
export const PICTURE_HEAD_BYTES = HEAD_BYTES;

/** `pictureProblem` of a file on local disk. */
export async function localPictureProblem(file: string): Promise<string | null> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(PICTURE_HEAD_BYTES), 0, PICTURE_HEAD_BYTES, 0);
    return pictureProblem(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** `pictureProblem` of a stored file, reading only its start; null when it is gone (the caller reports that). */
export async function storedPictureProblem(storage: Storage, key: string): Promise<string | null> {
  const object = await storage.stream(key, { start: 0, end: PICTURE_HEAD_BYTES - 1 });
  if (!object) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of object.body) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= PICTURE_HEAD_BYTES) break;
  }
  return pictureProblem(Buffer.concat(chunks).subarray(0, PICTURE_HEAD_BYTES));
}

export interface UploadedMedia {
  row: FileRow;
  kind: 'image' | 'video';
  /** As displayed. */
  width: number;
  height: number;
  durationSec: number | null;
}

/** `clips`: whether a video clip is taken too (scene uploads) or only a picture (a logo). */
export async function uploadMedia(
  deps: UploadDeps,
  uid: string,
  contentType: string | undefined,
  body: AsyncIterable<Uint8Array>,
  { clips }: { clips: boolean },
): Promise<UploadedMedia> {
  const what = clips ? 'image or clip' : 'image';
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw invalid(`Send the ${what} as multipart/form-data in a field named "file".`);
  // The form's own bytes are not the user's storage: the room limits the file, the form limit the whole body.
  const room = await uploadRoom(deps, uid, undefined);
  const upload = await readMultipartFile(body, boundary, 'file', async (part) => ({
    name: cleanFileName(part.filename),
    file: await spoolBody(deps.config, part.body, [clips ? FILE_LIMIT : IMAGE_LIMIT, room], HEAD_BYTES),
  }));
  if (!upload) throw invalid(clips ? 'Choose an image or a clip to upload.' : 'Choose an image to upload.');
  try {
    const { file } = upload;
    if (file.size === 0) throw invalid('This file is empty.');
    const clipType = clips ? sniffClipType(file.head) : undefined;
    if (clipType) {
      const clip = await probeClip(file.path, AbortSignal.timeout(PROBE_TIMEOUT_MS)).catch(() => null);
      if (!clip)
        throw invalid('This clip could not be read, or it has no video picture. Try MP4 (H.264), MOV or WebM.');
      const problem = clipProblem(clip);
      if (problem) throw invalid(problem);
      if (!(await decodesAsImage(file.path)))
        throw invalid('This clip could not be read; the file may be damaged. Try saving it again or choose another.');
      const row = await storeUpload(deps, uid, { file, contentType: clipType, name: upload.name });
      return {
        row,
        kind: 'video',
        width: clip.width,
        height: clip.height,
        durationSec: Math.round(clip.durationMs / 100) / 10,
      };
    }
    const type = sniffImageType(file.head);
    const header = type ? imageHeader(file.head) : undefined;
    if (!type || !header)
      throw invalid(
        clips
          ? 'Only JPEG, PNG and WebP images and MP4, MOV and WebM clips can be used.'
          : 'Only JPEG, PNG and WebP images can be used.',
      );
    if (file.size > VIDEO_UPLOAD.maxBytes) throw imageTooLarge();
    const problem = imageHeaderProblem(header);
    if (problem) throw invalid(problem);
    if (!(await decodesAsImage(file.path)))
      throw invalid('This image could not be read; the file may be damaged. Try saving it again or choose another.');
    const row = await storeUpload(deps, uid, { file, contentType: type, name: upload.name });
    return { row, kind: 'image', width: header.width, height: header.height, durationSec: null };
  } finally {
    await upload.file.dispose();
  }
}
