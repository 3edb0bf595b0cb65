/**
 * Where a video's pictures and music come from, over HTTP on the real stack: the stock chooser's search (field
 * errors, both libraries' results, a library's rate limit named, `available: false` without keys) against local
 * Pexels and Pixabay servers, and the user's own music (an MP3 or FLAC accepted and probed; other types, damaged
 * files and tracks over ten minutes refused with a field message; a video request naming it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePng } from '~/server/media/png';
import { apiSuite } from './support/api-suite';
import type { TestUser } from './support/auth-emulator';
import { type StockServer, startStockServer } from './support/stock-servers';

const suite = apiSuite('video-sources', (req, res) => req.resume().on('end', () => res.writeHead(404).end()));
const { signedUp } = suite;
let pexels: StockServer;
let pixabay: StockServer;

beforeAll(async () => {
  pexels = await startStockServer({
    kind: 'pexels',
    key: 'pexels-key',
    photos: { barn: 'red' },
    videos: { surf: 'blue' },
  });
  pixabay = await startStockServer({
    kind: 'pixabay',
    key: 'pixabay-key',
    photos: { barn: 'blue' },
    videos: { surf: 'yellow' },
  });
});
afterAll(async () => {
  await Promise.all([pexels.close(), pixabay.close()]);
});

const audio = (name: string, args: string[]) => {
  const file = path.join(suite.dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  return fs.readFileSync(file);
};

async function uploadMusic(user: TestUser, bytes: Uint8Array, name: string, type: string, base = suite.stack.url) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${base}/videos/music/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('GET /videos/stock/search', () => {
  it('answers a missing, long or unknown parameter with a message per field', async () => {
    const { api } = await signedUp();
    const missing = await api('GET', '/videos/stock/search');
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ q: 'Type what to search for.' });
    const blank = await api('GET', '/videos/stock/search?q=%20%20');
    expect(blank.body.fields).toEqual({ q: 'Type what to search for.' });
    const wrong = await api('GET', `/videos/stock/search?q=${'a'.repeat(201)}&media=gif&orientation=diagonal`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields).toEqual({
      q: 'Keep the search under 200 characters.',
      media: 'Search photos or videos.',
      orientation: 'Choose landscape, portrait or square.',
    });
  });

  it('says stock is unavailable when no library key is set', async () => {
    const { api } = await signedUp();
    const res = await api('GET', '/videos/stock/search?q=barn');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], problems: [], available: false });
  });

  it('searches both libraries, and names the one that is rate limited', async () => {
    const configured = await suite.stack.extraApi({
      PEXELS_API_KEY: 'pexels-key',
      PEXELS_API_URL: pexels.url,
      PIXABAY_API_KEY: 'pixabay-key',
      PIXABAY_API_URL: pixabay.url,
    });
    try {
      const { api } = await signedUp(configured.url);
      const videos = await api('GET', '/videos/stock/search?q=surf&media=video&orientation=landscape');
      expect(videos.status).toBe(200);
      expect(videos.body.available).toBe(true);
      expect(videos.body.items.map((i: any) => `${i.provider}:${i.durationSec}`)).toEqual([
        'pexels:4',
        'pixabay:4',
        'pexels:12',
        'pixabay:12',
      ]);
      expect(videos.body.items[1]).toMatchObject({
        media: 'video',
        id: pixabay.idOf('video', 'surf', 1),
        author: 'surffan',
        authorUrl: 'https://pixabay.com/users/surffan-42/',
        width: 1920,
        height: 1080,
      });

      Object.assign(pexels.state, { limitedFor: Infinity, resetSeconds: 3600 });
      const photos = await api('GET', '/videos/stock/search?q=barn');
      expect(photos.body.items.map((i: any) => `${i.provider}:${i.media}`)).toEqual(['pixabay:photo', 'pixabay:photo']);
      expect(photos.body.problems).toEqual([
        { provider: 'pexels', message: 'Pexels is busy right now. Please try again in a minute.' },
      ]);
    } finally {
      pexels.state.limitedFor = 0;
      await configured.close();
    }
  });
});

describe('POST /videos/music/uploads', () => {
  it('keeps an MP3 or FLAC track with its name and length, and plays it back', async () => {
    const { user } = await signedUp();
    const mp3 = audio('tone.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'libmp3lame']);
    const res = await uploadMusic(user, mp3, 'My Track.mp3', 'audio/mpeg');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'My Track.mp3' });
    expect(res.body.durationSec).toBeGreaterThan(1.9);
    expect(res.body.durationSec).toBeLessThan(2.2);
    const played = await fetch(res.body.url);
    expect(played.status).toBe(200);
    expect(played.headers.get('content-type')).toBe('audio/mpeg');

    // A FLAC sent as "application/octet-stream": the bytes decide.
    const flac = audio('tone.flac', ['-f', 'lavfi', '-i', 'sine=frequency=330:duration=1', '-c:a', 'flac']);
    const lossless = await uploadMusic(user, flac, 'tone.flac', 'application/octet-stream');
    expect(lossless.status).toBe(201);
    expect((await fetch(lossless.body.url)).headers.get('content-type')).toBe('audio/flac');
  });

  it('refuses what is not music, a damaged file and a track over ten minutes, with a field message', async () => {
    const { user } = await signedUp();
    const picture = await uploadMusic(user, encodePng(new Uint8Array(64 * 64 * 3), 64, 64), 'song.mp3', 'audio/mpeg');
    expect(picture.status).toBe(400);
    expect(picture.body.fields).toEqual({ file: 'Use an MP3, WAV, M4A, AAC, Ogg or FLAC audio file.' });

    const text = await uploadMusic(user, Buffer.from('la la la, this is not a song'), 'song.mp3', 'audio/mpeg');
    expect(text.body.fields).toEqual({ file: 'Use an MP3, WAV, M4A, AAC, Ogg or FLAC audio file.' });

    const damaged = await uploadMusic(
      user,
      Buffer.concat([Buffer.from('ID3'), Buffer.alloc(20_000, 0x5a)]),
      'broken.mp3',
      'audio/mpeg',
    );
    expect(damaged.status).toBe(400);
    expect(damaged.body.fields.file).toMatch(/^This music file could not be read/);

    const long = audio('long.mp3', [
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=8000:cl=mono',
      '-t',
      '630',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '8k',
    ]);
    const tooLong = await uploadMusic(user, long, 'long.mp3', 'audio/mpeg');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toEqual({ file: 'Music can be up to 10 minutes long (this track runs 10:30).' });

    const uploads = await fetch(`${suite.stack.url}/uploads`, { headers: { authorization: `Bearer ${user.idToken}` } });
    expect(((await uploads.json()) as any).files).toEqual([]);
  });

  it("lets a video use the user's own track, never someone else's", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const mp3 = audio('mine.mp3', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame']);
    const { body: track } = await uploadMusic(owner.user, mp3, 'mine.mp3', 'audio/mpeg');
    const request = {
      script: 'The lighthouse keeper climbs the stairs at dusk.',
      voiceId: 'en-us-olivia',
      aspect: '16:9',
      resolution: '720p',
      captions: 'off',
      visuals: 'generated',
      music: { enabled: true, volume: 30, fileId: track.fileId },
    };
    const refused = await other.api('POST', '/videos', request);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({ 'music.fileId': 'Your music file is no longer available. Upload it again.' });

    const accepted = await owner.api('POST', '/videos', request);
    expect(accepted.status).toBe(202);
    expect(accepted.body.music).toEqual({
      enabled: true,
      volume: 30,
      track: 'calm-pad',
      upload: { fileId: track.fileId, name: 'mine.mp3' },
    });
    // While the video is being made, its music cannot be deleted from under it.
    const busy = await owner.api('DELETE', `/uploads/${track.fileId}`);
    expect(busy.status).toBe(409);
    await owner.api('POST', `/videos/${accepted.body.id}/cancel`);
  });
});
