/**
 * The agent's video routes on the real stack (API + worker + pg-boss on PGlite, ID tokens from the Auth emulator,
 * the real `video` job): field errors, image uploads, credits reserved on accept and returned on cancel or failure,
 * 402, owner-only access, retry charged once, delete with files, paging, and one short video made end to end.
 */
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SIGNUP_GRANT } from '~/contract/pricing';
import { VIDEO_STAGE_IDS } from '~/contract/video';
import { encodePng } from '~/server/media/png';
import { apiSuite, until } from './support/api-suite';
import { auditAfterEach } from './support/audit.ts';
import type { TestUser } from './support/auth-emulator';

/** `seconds` of a 220 Hz tone as OpenAI's raw `pcm` format: 24 kHz, 16-bit little-endian, mono. */
const spokenPcm = (seconds: number) =>
  Buffer.from(
    Int16Array.from({ length: 24_000 * seconds }, (_, i) =>
      Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 24_000)),
    ).buffer,
  );

/**
 * Plays OpenAI's speech endpoint. It refuses the key, so a video can fail the way a real one would, unless a test
 * lets call number n through with `speech.answers`; `speech.calls` counts the requests. Each answer is a
 * `speech.seconds`-long reading of the scene, whatever its text.
 */
const speech = { calls: 0, answers: (_call: number) => false, seconds: 1 };
const suite = apiSuite('videos', (req, res) => {
  req.resume().on('end', () => {
    if (req.url === '/v1/audio/speech' && speech.answers(++speech.calls)) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(spokenPcm(speech.seconds));
    } else {
      res.writeHead(req.url === '/v1/audio/speech' ? 401 : 404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Incorrect API key provided' } }));
    }
  });
});
auditAfterEach(() => suite.stack.database);
const { signedUp, balance } = suite;
const words = (n: number) => Array.from({ length: n }, (_, i) => (i % 12 === 11 ? 'sea.' : 'waves')).join(' ');

const request = (overrides: Record<string, unknown> = {}) => ({
  script: 'The lighthouse keeper climbs the stairs at dusk. Her lamp guides the ships home.',
  voiceId: 'en-us-olivia',
  aspect: '16:9',
  resolution: '720p',
  captions: 'word',
  visuals: 'generated',
  music: { enabled: true, volume: 30 },
  ...overrides,
});

async function upload(user: TestUser, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${suite.stack.url}/videos/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

const png = (width: number, height: number) => encodePng(new Uint8Array(width * height * 3).fill(120), width, height);

/** A PNG whose header is fine but whose image data is not. */
const brokenPng = (width: number, height: number) => {
  const header = Buffer.from(png(width, height).subarray(0, 33));
  return Buffer.concat([header, Buffer.alloc(400, 0x5a)]);
};

/**
 * A clip made by ffmpeg from `input` (lavfi sources), read back as bytes. Made without blocking: the API runs in this
 * process, and a loop held for seconds lets the server's keep-alive timer and the client's fire together, so the next
 * request can go out on a socket the server is closing ("other side closed").
 */
async function clip(name: string, input: string[], output: string[] = []): Promise<Buffer> {
  const file = path.join(suite.dir, name);
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-y', ...input, ...output, file]);
  return readFileSync(file);
}

const finished = (status: string) => ['succeeded', 'failed', 'cancelled'].includes(status);

describe('videos API', () => {
  it('answers invalid requests with a message per field and reserves nothing', async () => {
    const { api } = await signedUp();
    const res = await api('POST', '/videos', {
      script: 'Hello.',
      voiceId: 'nobody',
      aspect: '4:3',
      resolution: '4k',
      captions: 'all',
      visuals: 'generated',
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['aspect', 'captions', 'resolution', 'voiceId']);
    expect(res.body.fields.aspect).toBe('Choose 16:9, 9:16 or 1:1.');

    const tooLong = await api('POST', '/videos', request({ script: words(800) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.script).toMatch(/run about 5:20\. Videos can be up to 5 minutes/);

    const noImages = await api('POST', '/videos', request({ visuals: 'uploaded' }));
    expect(noImages.status).toBe(400);
    expect(noImages.body.fields.imageFileIds).toMatch(/Upload at least one image/);

    const nothingToRead = await api(
      'POST',
      '/videos',
      request({ script: '[Upbeat music]\n\nhttps://example.com/promo\n\n```\nplay(intro)\n```' }),
    );
    expect(nothingToRead.status).toBe(400);
    expect(nothingToRead.body.fields.script).toMatch(
      /nothing here a voice can read: stage directions in \[brackets\] or \(parentheses\), links and code/,
    );
    // Directions in parentheses with bracketed ones and a link: refused like the empty script, on the same field.
    const empty = await api('POST', '/videos', request({ script: '' }));
    const directions = await api(
      'POST',
      '/videos',
      request({ script: '(Pause)\n\n(Music swells) [Intro] https://example.com/promo (Beat)' }),
    );
    expect([empty.status, directions.status]).toEqual([400, 400]);
    expect(Object.keys(directions.body.fields)).toEqual(Object.keys(empty.body.fields));
    expect(directions.body.fields.script).toBe(nothingToRead.body.fields.script);

    const cloudVoice = await api('POST', '/videos', request({ voiceId: 'openai-nova' }));
    expect(cloudVoice.status).toBe(400);
    expect(cloudVoice.body.fields.voiceId).toBe('OpenAI voices need an OpenAI API key on the server.');

    const unknownTrack = await api(
      'POST',
      '/videos',
      request({ music: { enabled: true, volume: 30, track: 'chart-hit' } }),
    );
    expect(unknownTrack.status).toBe(400);
    expect(unknownTrack.body.fields['music.track']).toBe('Choose one of the music tracks.');
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('plays a few seconds of each library track to signed-in users, and knows no other track', async () => {
    const { user } = await signedUp();
    const preview = (track: string) =>
      fetch(`${suite.stack.url}/videos/music/${track}/preview`, {
        headers: { authorization: `Bearer ${user.idToken}` },
      });
    const piano = await preview('warm-piano');
    expect([piano.status, piano.headers.get('content-type')]).toEqual([200, 'audio/wav']);
    const wav = Buffer.from(await piano.arrayBuffer());
    expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
    // 16-bit stereo: bytes per second, from the header, give the length.
    expect((wav.length - 44) / wav.readUInt32LE(28)).toBeCloseTo(10, 1);
    const drone = Buffer.from(await (await preview('ambient-drone')).arrayBuffer());
    expect(drone.equals(wav)).toBe(false);
    expect((await preview('chart-hit')).status).toBe(404);
    expect((await fetch(`${suite.stack.url}/videos/music/warm-piano/preview`)).status).toBe(401);
  });

  it('takes only real JPEG, PNG or WebP images of a usable size, and lets only their owner use them', async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const text = await upload(owner.user, new TextEncoder().encode('not an image'), 'notes.png', 'image/png');
    expect(text.status).toBe(400);
    expect(text.body.fields.file).toMatch(/Only JPEG, PNG and WebP/);
    const tiny = await upload(owner.user, png(100, 100), 'tiny.png', 'image/png');
    expect(tiny.status).toBe(400);
    expect(tiny.body.fields.file).toMatch(/100×100/);
    const huge = await upload(
      owner.user,
      Buffer.concat([png(640, 360), Buffer.alloc(16 * 1024 * 1024)]),
      'huge.png',
      'image/png',
    );
    expect(huge.status).toBe(413);
    expect(huge.body.fields.file).toBe('Images can be up to 15 MB each.');
    const damaged = await upload(owner.user, brokenPng(640, 360), 'damaged.png', 'image/png');
    expect(damaged.status).toBe(400);
    expect(damaged.body.fields.file).toMatch(/could not be read; the file may be damaged/);

    const good = await upload(owner.user, png(640, 360), 'beach.png', 'image/png');
    expect(good.status).toBe(201);
    expect(good.body).toMatchObject({ name: 'beach.png', contentType: 'image/png', width: 640, height: 360 });
    const preview = await fetch(good.body.url);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');

    const stolen = await other.api(
      'POST',
      '/videos',
      request({ visuals: 'uploaded', imageFileIds: [good.body.fileId] }),
    );
    expect(stolen.status).toBe(400);
    expect(stolen.body.fields.imageFileIds).toMatch(/Image 1 is no longer available/);
    expect(await balance(other.api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('takes MP4, MOV and WebM clips by their content, upright sizes from phones, and refuses what it cannot render', async () => {
    const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];
    // A phone's portrait clip: stored 640×360 with a display matrix that turns it upright.
    await clip('stored.mp4', ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=2'], x264);
    const phone = await clip(
      'phone.mp4',
      ['-i', path.join(suite.dir, 'stored.mp4')],
      ['-c', 'copy', '-metadata:s:v:0', 'rotate=270'],
    );
    const mov = await clip('clip.mov', ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=1'], x264);
    const webm = await clip(
      'clip.webm',
      ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=1'],
      ['-c:v', 'libvpx', '-deadline', 'realtime'],
    );
    const sound = await clip('sound.mp4', ['-f', 'lavfi', '-i', 'sine=d=1'], ['-c:a', 'aac']);
    const tenMinutes = await clip('long.mp4', ['-f', 'lavfi', '-i', 'color=c=gray:s=256x256:r=1:d=601'], x264);
    const fourK = await clip('huge.mp4', ['-f', 'lavfi', '-i', 'color=c=gray:s=4400x2480:r=25:d=0.04'], x264);
    const { user, api } = await signedUp();
    const mp4 = await upload(user, phone, 'phone.m4v', 'video/x-m4v');
    expect(mp4.status).toBe(201);
    expect(mp4.body).toMatchObject({
      kind: 'video',
      contentType: 'video/mp4',
      width: 360,
      height: 640,
      durationSec: 2,
    });
    expect((await upload(user, mov, 'clip.mov', '')).body).toMatchObject({
      kind: 'video',
      contentType: 'video/quicktime',
      width: 640,
      height: 360,
    });
    expect((await upload(user, webm, 'clip.webm', 'video/webm')).body).toMatchObject({
      kind: 'video',
      contentType: 'video/webm',
    });
    const image = await upload(user, png(640, 360), 'beach.png', 'image/png');
    expect(image.body).toMatchObject({ kind: 'image', durationSec: null });

    const soundOnly = await upload(user, sound, 'sound.mp4', 'video/mp4');
    expect(soundOnly.status).toBe(400);
    expect(soundOnly.body.fields.file).toMatch(/no video picture/);
    const long = await upload(user, tenMinutes, 'long.mp4', 'video/mp4');
    expect(long.status).toBe(400);
    expect(long.body.fields.file).toMatch(/up to 10 minutes long/);
    const huge = await upload(user, fourK, 'huge.mp4', 'video/mp4');
    expect(huge.status).toBe(400);
    expect(huge.body.fields.file).toMatch(/up to 4K .* 4400×2480/);
    const cut = await upload(user, phone.subarray(0, 2000), 'cut.mp4', 'video/mp4');
    expect(cut.status).toBe(400);
    expect(cut.body.fields.file).toMatch(/could not be read/);

    // The one-step request takes clips among the uploads, and what their sound does.
    const made = await api(
      'POST',
      '/videos',
      request({ visuals: 'uploaded', imageFileIds: [mp4.body.fileId, image.body.fileId], clipAudio: 'duck' }),
    );
    expect(made.status).toBe(202);
    await api('POST', `/videos/${made.body.id}/cancel`);
    const badAudio = await api(
      'POST',
      '/videos',
      request({ visuals: 'uploaded', imageFileIds: [mp4.body.fileId], clipAudio: 'loud' }),
    );
    expect(badAudio.status).toBe(400);
    expect(badAudio.body.fields.clipAudio).toBe('Choose whether clips keep their sound.');
  });

  it('holds the price on accept, answers 402 when the balance is short, and returns the credits on cancel', async () => {
    const { api } = await signedUp();
    const long = request({ script: words(750), resolution: '1080p' });
    const first = await api('POST', '/videos', long);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({
      estimatedSec: 300,
      cost: 75,
      creditsCharged: 0,
      width: 1920,
      height: 1080,
      voiceName: 'Olivia',
    });
    // Requests from before caption styles existed get the look they always had.
    expect(first.body.captionOptions).toEqual({ position: 'bottom', size: 'medium', color: '#FFD84D' });
    expect(['queued', 'active']).toContain(first.body.status);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 75, reserved: 75 });

    const second = await api('POST', '/videos', long);
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({ needed: 75, available: SIGNUP_GRANT - 75 });
    expect(second.body.error).toMatch(/Not enough credits/);

    const cancelled = await api('POST', `/videos/${first.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    expect((await api('POST', `/videos/${first.body.id}/cancel`)).status).toBe(409);
  });

  it('repeats a submission with the same idempotency key as the same video, charged once', async () => {
    const { api } = await signedUp();
    const key = { 'idempotency-key': 'submit-0193f2c4-8d1e' };
    const first = await api('POST', '/videos', request(), key);
    const again = await api('POST', '/videos', request(), key);
    expect([first.status, again.status]).toEqual([202, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 10, reserved: 10 });
    await api('POST', `/videos/${first.body.id}/cancel`);
  });

  it('retries a cancelled video as a new run charged once, and refuses a retry while it runs', async () => {
    const { api } = await signedUp();
    const style = { captions: 'karaoke', captionOptions: { position: 'top', size: 'large', color: '#ff6fb5' } };
    const created = await api('POST', '/videos', request({ script: words(300), ...style }));
    expect(created.body).toMatchObject({
      captions: 'karaoke',
      captionOptions: { position: 'top', size: 'large', color: '#FF6FB5' },
    });
    await api('POST', `/videos/${created.body.id}/cancel`);
    const retried = await api('POST', `/videos/${created.body.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({
      captions: 'karaoke',
      captionOptions: { position: 'top', size: 'large', color: '#FF6FB5' },
    });
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 20, reserved: 20 });
    const twice = await api('POST', `/videos/${created.body.id}/retry`);
    expect(twice.status).toBe(409);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 20, reserved: 20 });
    await api('POST', `/videos/${created.body.id}/cancel`);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('refuses to retry a video through the generic job route, which would charge and render it behind the video', async () => {
    const { api } = await signedUp();
    const created = await api('POST', '/videos', request());
    await api('POST', `/videos/${created.body.id}/cancel`);
    const job = (await api('GET', '/jobs')).body.jobs.find((j: any) => j.kind === 'video');
    expect(job.status).toBe('cancelled');

    const generic = await api('POST', `/jobs/${job.id}/retry`);
    expect(generic.status).toBe(409);
    expect(generic.body.error).toMatch(/try it again from that page/);
    expect((await api('GET', '/jobs')).body.jobs).toHaveLength(1);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    expect((await api('GET', `/videos/${created.body.id}`)).body).toMatchObject({
      status: 'cancelled',
      creditsCharged: 0,
    });
  });

  it("retries a video under today's rules: a script they refuse is answered with a field error, any other is priced anew", async () => {
    const { api } = await signedUp();
    const created = await api('POST', '/videos', request());
    await api('POST', `/videos/${created.body.id}/cancel`);
    // As a video accepted before scripts of stage directions only were refused up front.
    await suite.stack.database.db.execute(
      sql`update videos set script = '[Upbeat music] [Cut to the beach]' where id = ${created.body.id}`,
    );

    const retried = await api('POST', `/videos/${created.body.id}/retry`);
    expect(retried.status).toBe(400);
    expect(retried.body.fields.script).toMatch(/nothing here a voice can read/);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    expect((await api('GET', `/videos/${created.body.id}`)).body.status).toBe('cancelled');

    // Priced by today's estimate too, and the video shows what its new run holds.
    await suite.stack.database.db.execute(sql`update videos set script = ${words(160)} where id = ${created.body.id}`);
    const again = await api('POST', `/videos/${created.body.id}/retry`);
    expect(again.status).toBe(202);
    expect(again.body.cost).toBe(20);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 20, reserved: 20 });
    await api('POST', `/videos/${created.body.id}/cancel`);
  });

  it("answers 404 for another user's video on every route and lists only the user's own", async () => {
    const owner = await signedUp();
    const other = await signedUp();
    const { body: video } = await owner.api('POST', '/videos', request());
    await owner.api('POST', `/videos/${video.id}/cancel`);
    for (const [method, suffix] of [
      ['GET', ''],
      ['POST', '/cancel'],
      ['POST', '/retry'],
      ['DELETE', ''],
    ] as const) {
      const res = await other.api(method, `/videos/${video.id}${suffix}`);
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body.error).toBe('Video not found');
    }
    expect((await other.api('GET', '/videos')).body.items).toEqual([]);
    expect((await other.api('GET', '/videos/not-a-uuid')).status).toBe(404);
    expect((await owner.api('GET', `/videos/${video.id}`)).body.status).toBe('cancelled');
  });

  it('deletes the images uploaded for a video with it, unless another video still uses them', async () => {
    const { api, user } = await signedUp();
    const [only, shared] = await Promise.all([
      upload(user, png(640, 360), 'only.png', 'image/png'),
      upload(user, png(640, 360), 'shared.png', 'image/png'),
    ]);
    const stored = async (fileId: string) => (await api('GET', `/files/${fileId}/info`)).status;
    const first = await api(
      'POST',
      '/videos',
      request({ visuals: 'uploaded', imageFileIds: [only.body.fileId, shared.body.fileId] }),
    );
    const second = await api('POST', '/videos', request({ visuals: 'uploaded', imageFileIds: [shared.body.fileId] }));
    for (const video of [first, second]) await api('POST', `/videos/${video.body.id}/cancel`);

    expect((await api('DELETE', `/videos/${first.body.id}`)).status).toBe(204);
    expect(await stored(only.body.fileId)).toBe(404);
    expect(await stored(shared.body.fileId)).toBe(200);
    expect((await api('DELETE', `/videos/${second.body.id}`)).status).toBe(204);
    expect(await stored(shared.body.fileId)).toBe(404);
  });

  it('pages newest first with a cursor', async () => {
    const { api } = await signedUp();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const { body } = await api('POST', '/videos', request({ script: `Video number ${n}.` }));
      await api('POST', `/videos/${body.id}/cancel`);
      ids.push(body.id);
    }
    const first = await api('GET', '/videos?limit=2');
    expect(first.body.items.map((v: any) => v.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await api('GET', `/videos?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.items.map((v: any) => v.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
    expect((await api('GET', '/videos?limit=500')).status).toBe(400);
  });

  it('makes a short video with real stage progress, then serves the MP4, thumbnail and SRT, and deletes them', async () => {
    const { api } = await signedUp();
    const created = await api(
      'POST',
      '/videos',
      request({ music: { enabled: true, volume: 30, track: 'warm-piano' } }),
    );
    expect(created.status).toBe(202);
    expect(created.body.music).toEqual({ enabled: true, volume: 30, track: 'warm-piano', upload: null });
    const seen: Array<{ stage: string | null; progress: number }> = [];
    const done = await until(
      async () => {
        const { body } = await api('GET', `/videos/${created.body.id}`);
        if (body.status === 'active') seen.push({ stage: body.stage, progress: body.progress });
        return body;
      },
      (video) => finished(video.status),
      120_000,
    );
    expect(done.error).toBeNull();
    expect(done.status).toBe('succeeded');
    // Progress is the pipeline's own: it only grows, and names the pipeline's stages.
    expect(seen.map((s) => s.progress)).toEqual([...seen.map((s) => s.progress)].sort((a, b) => a - b));
    expect(seen.every((s) => s.stage === null || (VIDEO_STAGE_IDS as string[]).includes(s.stage))).toBe(true);
    expect(done).toMatchObject({ progress: 1, width: 1280, height: 720, creditsCharged: 10, stage: null });
    expect(done.durationSec).toBeGreaterThan(2);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 10, reserved: 0 });

    const mp4 = await fetch(done.video.url);
    expect(mp4.headers.get('content-type')).toBe('video/mp4');
    // The site is another origin: without this the browser refuses to play the signed link in <video>.
    expect(mp4.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const file = path.join(suite.dir, 'video.mp4');
    writeFileSync(file, Buffer.from(await mp4.arrayBuffer()));
    const info = JSON.parse(
      execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_name,width,height',
        '-of',
        'json',
        file,
      ]).toString(),
    );
    expect(info.streams.map((s: any) => s.codec_name).sort()).toEqual(['aac', 'h264']);
    expect(info.streams.find((s: any) => s.codec_name === 'h264')).toMatchObject({ width: 1280, height: 720 });
    expect((await fetch(done.thumbnail.url)).headers.get('content-type')).toMatch(/^image\//);
    const srt = await (await fetch(done.subtitles.url)).text();
    expect(srt).toMatch(/00:00:0\d,\d{3} --> /);
    expect(srt.toLowerCase()).toContain('lighthouse');

    const listed = await api('GET', '/videos');
    expect(listed.body.items[0]).toMatchObject({
      id: done.id,
      status: 'succeeded',
      thumbnail: { contentType: expect.stringMatching(/^image\//) },
    });

    expect((await api('DELETE', `/videos/${done.id}`)).status).toBe(204);
    expect((await api('GET', `/videos/${done.id}`)).status).toBe(404);
    expect((await fetch(done.video.url)).status).toBe(404);
    expect((await fetch(done.subtitles.url)).status).toBe(404);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 10, reserved: 0 });
  });

  /** A signed-up user of an API whose server has an OpenAI key that points at the local speech endpoint above. */
  async function withOpenAiVoices(run: (api: Awaited<ReturnType<typeof signedUp>>['api']) => Promise<void>) {
    const keyed = await suite.stack.reconfigured({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${suite.cloudUrl}/v1`,
    });
    try {
      await run((await signedUp(keyed.url)).api);
    } finally {
      await keyed.close();
      speech.answers = () => false;
      speech.seconds = 1;
    }
  }

  const settled = (api: Awaited<ReturnType<typeof signedUp>>['api'], id: string, timeoutMs = 120_000) =>
    until(
      async () => (await api('GET', `/videos/${id}`)).body,
      (video) => finished(video.status),
      timeoutMs,
    );

  it('fails in plain words when the voice service refuses, returns the credits, and can be tried again', async () => {
    await withOpenAiVoices(async (api) => {
      const created = await api('POST', '/videos', request({ voiceId: 'openai-nova' }));
      expect(created.status).toBe(202);
      const failed = await settled(api, created.body.id);
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(/narration.*OpenAI refused the server's API key/);
      expect(failed).toMatchObject({ video: null, creditsCharged: 0 });
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });

      const retried = await api('POST', `/videos/${created.body.id}/retry`);
      expect(retried.status).toBe(202);
      expect(retried.body.error).toBeNull();
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 10, reserved: 10 });
      expect((await api('DELETE', `/videos/${created.body.id}`)).status).toBe(204);
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    });
  });
  it('charges the finished video per started minute of its real length, never more than it held', async () => {
    await withOpenAiVoices(async (api) => {
      // Estimated at 1:04 and held as 2 minutes; the voice reads each scene in a second, so the video is shorter.
      speech.answers = () => true;
      const created = await api('POST', '/videos', request({ voiceId: 'openai-nova', script: words(160) }));
      expect(created.body).toMatchObject({ estimatedSec: 64, cost: 20 });
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 20, reserved: 20 });
      const made = await settled(api, created.body.id, 180_000);
      expect(made.status).toBe('succeeded');
      expect(made.durationSec).toBeLessThan(60);
      expect(made).toMatchObject({ cost: 10, creditsCharged: 10 });
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 10, reserved: 0 });
      const ledger = (await api('GET', '/credits/ledger?limit=3')).body.entries.map((e: any) => [
        e.kind,
        e.delta,
        e.reservedDelta,
      ]);
      expect(ledger).toEqual([
        ['release', 10, -10],
        ['capture', 0, -10],
        ['reserve', -20, 20],
      ]);
    });
  }, 240_000);

  it('stops before rendering, and charges nothing, when the real narration runs past 5 minutes', async () => {
    await withOpenAiVoices(async (api) => {
      // A one-sentence (so one-scene) script of 3 seconds that the voice reads for 5:05.
      speech.calls = 0;
      speech.answers = () => true;
      speech.seconds = 305;
      const script = 'The lighthouse keeper climbs the stairs at dusk.';
      const created = await api('POST', '/videos', request({ voiceId: 'openai-nova', script }));
      expect(created.body.cost).toBe(10);
      const failed = await settled(api, created.body.id);
      expect(failed).toMatchObject({ status: 'failed', stage: 'narrate', video: null, creditsCharged: 0 });
      expect(failed.error).toBe(
        'The narration runs 5:06, over the 5-minute limit. Shorten the script and try again. No credits were charged.',
      );
      expect(speech.calls).toBe(1);
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    });
  }, 240_000);

  it('retries a failed video from where it stopped: scenes already narrated are not narrated again', async () => {
    await withOpenAiVoices(async (api) => {
      // Three one-sentence paragraphs, three scenes; the voice service answers the first and then refuses. Their words differ
      // (from each other and from other tests): equal scenes would share one narration from the cache.
      speech.calls = 0;
      speech.answers = (call) => call === 1;
      const script = ['tides', 'gulls', 'boats'].map((word) => words(12).replaceAll('waves', word)).join('\n\n');
      const created = await api('POST', '/videos', request({ voiceId: 'openai-nova', script }));
      expect(created.status).toBe(202);
      const failed = await settled(api, created.body.id);
      expect(failed.error).toMatch(/narration for scene 2/);
      expect(speech.calls).toBe(2);

      speech.calls = 0;
      speech.answers = () => true;
      expect((await api('POST', `/videos/${created.body.id}/retry`)).status).toBe(202);
      const made = await settled(api, created.body.id, 180_000);
      expect(made.status).toBe('succeeded');
      // Scenes 2 and 3 only: scene 1's narration came from the failed run.
      expect(speech.calls).toBe(2);
      expect(made.durationSec).toBeGreaterThan(3);
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - made.cost, reserved: 0 });
    });
  }, 240_000);
});
