/**
 * A few seconds of a library track for the create form's preview: rendered once per track on first request and kept
 * in memory (about 0.9 MB each, four tracks), since the tracks never change.
 */
import { MUSIC_TRACK_IDS, type MusicTrackId } from '~/contract/music.ts';
import { notFound } from '~/server/http/errors.ts';
import { generateTrack } from '~/server/media/music.ts';
import { encodeWav } from '~/server/media/wav.ts';

const PREVIEW = { sampleRate: 22_050, seconds: 10, seed: 0 };

const cache = new Map<MusicTrackId, Buffer>();

export function musicPreview(track: string): Buffer {
  if (!(MUSIC_TRACK_IDS as readonly string[]).includes(track)) throw notFound('No such music track.');
  const id = track as MusicTrackId;
  let wav = cache.get(id);
  if (!wav) {
    wav = encodeWav({ pcm: generateTrack(id, PREVIEW), sampleRate: PREVIEW.sampleRate, channels: 2 });
    cache.set(id, wav);
  }
  return wav;
}
