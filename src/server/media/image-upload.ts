/**
 * An image the user uploads for their videos (scene pictures through POST /videos/uploads, the brand kit's logo
 * through POST /brand-kit/logo). The form is read as a stream into a temporary file within the route's limit and
 * the user's storage room; the image is checked from its header (type by content, size, decode cost) and then by a
 * fenced ffmpeg decode; only then is it recorded and stored.
 */
import { cleanFileName } from '../../contract/text.ts';
import { VIDEO_UPLOAD } from '../../contract/video.ts';
import type { ByteLimit } from '../http/body.ts';
import { HttpError } from '../http/errors.ts';
import { bodyTooLarge } from '../http/middleware.ts';
import { multipartBoundary, readMultipartFile } from '../http/multipart.ts';
import { sniffType } from '../storage/sniff.ts';
import { spoolBody, storeUpload, uploadRoom, type UploadDeps } from '../storage/uploads.ts';
import type { FileRow } from '../storage/files.ts';
import { imageHeader, type ImageHeader } from './image-size.ts';
import { decodesAsImage } from './image-check.ts';

const MB = 1024 * 1024;
const LIMIT_MESSAGE = `Images can be up to ${VIDEO_UPLOAD.maxBytes / MB} MB each.`;
const tooLarge = () => bodyTooLarge(LIMIT_MESSAGE, { file: LIMIT_MESSAGE });

/** The image itself, and the whole form (the image plus room for its part headers). */
const IMAGE_LIMIT: ByteLimit = { maxBytes: VIDEO_UPLOAD.maxBytes, error: tooLarge };
export const IMAGE_FORM_LIMIT: ByteLimit = { maxBytes: VIDEO_UPLOAD.maxBytes + 64 * 1024, error: tooLarge };

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

export interface UploadedImageRow {
  row: FileRow;
  header: ImageHeader;
}

export async function uploadImage(deps: UploadDeps, uid: string, contentType: string | undefined, body: AsyncIterable<Uint8Array>): Promise<UploadedImageRow> {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw invalid('Send the image as multipart/form-data in a field named "file".');
  // The form's own bytes are not the user's storage: the room limits the image, the form limit the whole body.
  const room = await uploadRoom(deps, uid, undefined);
  const upload = await readMultipartFile(body, boundary, 'file', async (part) => ({
    name: cleanFileName(part.filename),
    file: await spoolBody(deps.config, part.body, [IMAGE_LIMIT, room], HEAD_BYTES),
  }));
  if (!upload) throw invalid('Choose an image to upload.');
  try {
    const { file } = upload;
    if (file.size === 0) throw invalid('This file is empty.');
    const type = sniffImageType(file.head);
    const header = type ? imageHeader(file.head) : undefined;
    if (!type || !header) throw invalid('Only JPEG, PNG and WebP images can be used.');
    const problem = imageHeaderProblem(header);
    if (problem) throw invalid(problem);
    if (!(await decodesAsImage(file.path))) throw invalid('This image could not be read; the file may be damaged. Try saving it again or choose another.');
    return { row: await storeUpload(deps, uid, { file, contentType: type, name: upload.name }), header };
  } finally {
    await upload.file.dispose();
  }
}
