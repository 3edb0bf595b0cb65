/** A picture or clip the user picks (for a video's scenes or the brand kit's logo), checked before it is sent. */
import { formatBytes } from '~/contract/storage';
import { VIDEO_UPLOAD } from '~/contract/video';

/** Browsers name M4V files video/x-m4v, and some leave a MOV's type empty. */
export const isClipFile = (file: Pick<File, 'type' | 'name'>): boolean =>
  (VIDEO_UPLOAD.clipTypes as readonly string[]).includes(file.type) || /\.(m4v|mov)$/i.test(file.name);

/** Client-side check of a picked file, with the same limits the server applies. */
export function uploadProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const clip = isClipFile(file);
  if (!clip && !(VIDEO_UPLOAD.types as readonly string[]).includes(file.type))
    return `${file.name}: only JPEG, PNG and WebP images and MP4, MOV and WebM clips can be used.`;
  if (clip && file.size > VIDEO_UPLOAD.maxClipBytes)
    return `${file.name} is ${formatBytes(file.size)}; clips can be up to ${formatBytes(VIDEO_UPLOAD.maxClipBytes)}.`;
  if (!clip && file.size > VIDEO_UPLOAD.maxBytes)
    return `${file.name} is ${formatBytes(file.size)}; images can be up to ${formatBytes(VIDEO_UPLOAD.maxBytes)}.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}
