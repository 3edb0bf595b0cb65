/**
 * The user's own background music (POST /videos/music/uploads). The form is read as a stream into a temporary
 * file within the route's limit and the user's storage room; the type is decided by the file's first bytes (MP3,
 * WAV, M4A, AAC, Ogg, FLAC), then ffprobe must find a sound in it no longer than ten minutes; only then is it
 * recorded and stored. The render loops a shorter track, and fades and ducks it like a library track.
 */
import { cleanFileName } from '~/contract/text.ts';
import { MUSIC_UPLOAD, type MusicUploadType } from '~/contract/video.ts';
import type { ByteLimit } from '~/server/http/body.ts';
import { HttpError } from '~/server/http/errors.ts';
import { bodyTooLarge } from '~/server/http/middleware.ts';
import { multipartBoundary, readMultipartFile } from '~/server/http/multipart.ts';
import { probe } from '~/server/media/ffmpeg.ts';
import type { FileRow } from '~/server/storage/files.ts';
import { SNIFF_BYTES, sniffType } from '~/server/storage/sniff.ts';
import { spoolBody, storeUpload, type UploadDeps, uploadRoom } from '~/server/storage/uploads.ts';

const MB = 1024 * 1024;
const LIMIT_MESSAGE = `Music files can be up to ${MUSIC_UPLOAD.maxBytes / MB} MB.`;
const tooLarge = () => bodyTooLarge(LIMIT_MESSAGE, { file: LIMIT_MESSAGE });

const MUSIC_LIMIT: ByteLimit = { maxBytes: MUSIC_UPLOAD.maxBytes, error: tooLarge };
export const MUSIC_FORM_LIMIT: ByteLimit = { maxBytes: MUSIC_UPLOAD.maxBytes + 64 * 1024, error: tooLarge };

const invalid = (message: string) => new HttpError(400, 'Invalid input', { file: message });
const WRONG_TYPE = 'Use an MP3, WAV, M4A, AAC, Ogg or FLAC audio file.';

/**
 * The audio type a file's first bytes prove. FLAC and raw AAC (ADTS) are music-only formats the shared sniffer
 * does not know; an MP4 container here is taken as audio (M4A), which ffprobe then has to confirm.
 */
export function sniffMusicType(head: Uint8Array): MusicUploadType | undefined {
  if (head.length >= 4 && String.fromCharCode(...head.subarray(0, 4)) === 'fLaC') return 'audio/flac';
  // ADTS: 12 sync bits, then MPEG version, layer 00 (MP3 frames have a non-zero layer).
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xf6) === 0xf0) return 'audio/aac';
  const type = sniffType(head, 'audio/');
  return MUSIC_UPLOAD.types.find((t) => t === type);
}

export interface UploadedMusicRow {
  row: FileRow;
  durationSec: number;
}

export async function uploadMusic(
  deps: UploadDeps,
  uid: string,
  contentType: string | undefined,
  body: AsyncIterable<Uint8Array>,
): Promise<UploadedMusicRow> {
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw invalid('Send the music as multipart/form-data in a field named "file".');
  const room = await uploadRoom(deps, uid, undefined);
  const upload = await readMultipartFile(body, boundary, 'file', async (part) => ({
    name: cleanFileName(part.filename),
    file: await spoolBody(deps.config, part.body, [MUSIC_LIMIT, room], SNIFF_BYTES),
  }));
  if (!upload) throw invalid('Choose a music file to upload.');
  try {
    const { file } = upload;
    if (file.size === 0) throw invalid('This file is empty.');
    const type = sniffMusicType(file.head);
    if (!type) throw invalid(WRONG_TYPE);
    const info = await probe(file.path).catch(() => undefined);
    if (!info?.streams.some((s) => s.codec_type === 'audio') || info.durationMs <= 0) {
      throw invalid('This music file could not be read; it may be damaged. Try saving it again or choose another.');
    }
    if (info.durationMs > MUSIC_UPLOAD.maxSeconds * 1000) {
      const minutes = Math.floor(info.durationMs / 60_000);
      const seconds = Math.round((info.durationMs % 60_000) / 1000);
      throw invalid(
        `Music can be up to ${MUSIC_UPLOAD.maxSeconds / 60} minutes long (this track runs ${minutes}:${String(seconds).padStart(2, '0')}).`,
      );
    }
    return {
      row: await storeUpload(deps, uid, { file, contentType: type, name: upload.name }),
      durationSec: info.durationMs / 1000,
    };
  } finally {
    await upload.file.dispose();
  }
}
