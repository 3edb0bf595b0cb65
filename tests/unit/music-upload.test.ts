/** The user's own music before it reaches the server and as the server first sees it: the request, the size check, the type by bytes. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { INITIAL_FORM, musicUploadProblem, toRequest } from '~/app/features/videos/model';
import { createVideoRequestSchema, MUSIC_UPLOAD } from '~/contract/video';
import { sniffMusicType } from '~/server/features/videos/music/uploads';

const encode = (codec: string[], format: string) =>
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=0.5',
    ...codec,
    '-f',
    format,
    '-',
  ]).subarray(0, 4096);

describe("the create form's own music", () => {
  const upload = {
    fileId: '0b6f5b2e-8d0c-4a5e-9d1b-3f0c2a7e9d41',
    name: 'theme.mp3',
    durationSec: 93.4,
    url: 'https://files/theme',
  };

  it('sends the uploaded track instead of the library one, and no file when there is none', () => {
    const own = createVideoRequestSchema.parse(
      toRequest({ ...INITIAL_FORM, script: 'Hello there.', musicUpload: upload }),
    );
    expect(own.music).toEqual({ enabled: true, volume: 30, track: 'calm-pad', fileId: upload.fileId });
    expect(
      createVideoRequestSchema.parse(toRequest({ ...INITIAL_FORM, script: 'Hello there.' })).music,
    ).not.toHaveProperty('fileId');
    expect(
      createVideoRequestSchema.safeParse({
        ...toRequest({ ...INITIAL_FORM, script: 'Hello.' }),
        music: { enabled: true, volume: 30, fileId: 'x' },
      }).error?.issues[0],
    ).toMatchObject({
      path: ['music', 'fileId'],
      message: 'Upload your music again.',
    });
  });

  it('refuses an empty or too large file before sending it', () => {
    expect(musicUploadProblem({ name: 'a.mp3', size: 1000 })).toBeNull();
    expect(musicUploadProblem({ name: 'a.wav', size: MUSIC_UPLOAD.maxBytes + 1 })).toBe(
      'a.wav is 30 MB; music files can be up to 30 MB.',
    );
    expect(musicUploadProblem({ name: 'a.mp3', size: 0 })).toBe('a.mp3 is empty.');
  });
});

describe('music types by their bytes', () => {
  it('knows MP3, WAV, M4A, raw AAC, Ogg and FLAC', () => {
    expect(sniffMusicType(encode(['-c:a', 'libmp3lame'], 'mp3'))).toBe('audio/mpeg');
    expect(sniffMusicType(encode(['-c:a', 'pcm_s16le'], 'wav'))).toBe('audio/wav');
    expect(sniffMusicType(encode(['-c:a', 'aac', '-movflags', 'frag_keyframe+empty_moov'], 'ipod'))).toBe('audio/mp4');
    expect(sniffMusicType(encode(['-c:a', 'aac'], 'adts'))).toBe('audio/aac');
    expect(sniffMusicType(encode(['-c:a', 'libvorbis'], 'ogg'))).toBe('audio/ogg');
    expect(sniffMusicType(encode(['-c:a', 'flac'], 'flac'))).toBe('audio/flac');
  });

  it('refuses pictures, video containers it cannot tell from sound, and text', () => {
    expect(sniffMusicType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBeUndefined();
    expect(sniffMusicType(Buffer.from('\u001aE\u00df\u00a3', 'latin1'))).toBeUndefined();
    expect(sniffMusicType(Buffer.from('just some words'))).toBeUndefined();
  });
});
