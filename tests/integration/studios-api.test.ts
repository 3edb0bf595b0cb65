/**
 * The three studios through the real API (API + worker + pg-boss on PGlite, ID tokens from the Auth emulator):
 * validation as field errors, credits charged through the ledger and returned when a provider fails, newest-first
 * paged histories, owner-only access, and real files checked with ffprobe and their headers. Cloud providers are
 * local servers speaking their protocol; LLM and provider settings are read from the environment when an API
 * server (routes) or a job (worker) starts, so each case sets them around that moment.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNUP_GRANT } from '~/contract/pricing';
import { imageDimensions } from '~/server/media/image-size';
import { encodePng } from '~/server/media/png';
import { type Api, apiSuite, until } from './support/api-suite';
import { auditAfterEach } from './support/audit.ts';
import { createUser } from './support/auth-emulator';
import { client } from './support/stack';

/** One local server plays every cloud provider; `reply` decides each answer by path. */
let reply: (path: string, body: any, res: ServerResponse) => void = (_p, _b, res) => res.end();
const json = (res: ServerResponse, status: number, payload: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(payload));
};

const suite = apiSuite('studios', (req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => reply(req.url ?? '', raw ? JSON.parse(raw) : undefined, res));
});
auditAfterEach(() => suite.stack.database);
const { balance } = suite;

/** A signed-up user plus a second one to check that the first one's things stay private. */
async function signedUp(base?: string) {
  return { ...(await suite.signedUp(base)), other: client(base ?? suite.stack.url, await createUser()) };
}

function probe(bytes: Buffer, name: string) {
  const file = path.join(suite.dir, name);
  writeFileSync(file, bytes);
  const out = JSON.parse(
    execFileSync('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,sample_rate,channels:format=duration',
      '-of',
      'json',
      file,
    ]).toString(),
  );
  return {
    codec: out.streams[0].codec_name as string,
    sampleRate: Number(out.streams[0].sample_rate),
    channels: out.streams[0].channels as number,
    duration: Number(out.format.duration),
  };
}

const download = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
};

const scriptRequest = {
  topic: 'Home coffee brewing',
  audience: 'students',
  tone: 'energetic',
  platform: 'shorts',
  targetSeconds: 45,
  keyPoints: ['Grind fresh'],
  callToAction: 'Follow for more',
};

describe('script generator API', () => {
  it('answers invalid requests with a message per field and charges nothing', async () => {
    const { api } = await signedUp();
    const res = await api('POST', '/scripts', { topic: 'x', tone: 'angry', platform: 'shorts', targetSeconds: 600 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['targetSeconds', 'tone', 'topic']);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('writes with the built-in writer as a free offline preview, said before the click, and keeps an editable history', async () => {
    const { api, other } = await signedUp();
    // What the form prices by: the writer the next script gets.
    expect((await api('GET', '/scripts/writer')).body).toEqual({
      engine: { kind: 'builtin', label: 'Built-in writer' },
    });
    const created = await api('POST', '/scripts', scriptRequest);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ engine: { kind: 'builtin', label: 'Built-in writer' }, creditsCharged: 0 });
    expect(created.body.scenes.length).toBeGreaterThan(1);
    expect(created.body.scenes.some((s: any) => s.narration.toLowerCase().includes('grind fresh'))).toBe(true);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    // No zero-credit hold on /billing: the signup grant is the only row.
    const ledger = await api('GET', '/credits/ledger');
    expect(ledger.body.entries.map((e: any) => e.kind)).toEqual(['grant']);

    const id = created.body.id;
    const edited = {
      ...created.body,
      hook: 'A brand new hook that is much longer than before, with many more words in it.',
    };
    const saved = await api('PUT', `/scripts/${id}`, edited);
    expect(saved.status).toBe(200);
    expect(saved.body.hook).toBe(edited.hook);
    // Scene times follow the longer hook: 16 words take 6.4 s at 150 wpm.
    expect(saved.body.scenes[0].startSec).toBe(6.4);
    expect((await api('GET', `/scripts/${id}`)).body.hook).toBe(edited.hook);

    const invalid = await api('PUT', `/scripts/${id}`, {
      ...edited,
      scenes: [{ narration: ' ', visualCue: '', startSec: 0, endSec: 0 }],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toEqual({ 'scenes.0.narration': 'A scene needs narration.' });

    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', edited],
      ['DELETE', undefined],
    ] as const) {
      expect((await other(method, `/scripts/${id}`, body)).status).toBe(404);
    }
    expect((await other('GET', '/scripts')).body.items).toEqual([]);

    expect((await api('DELETE', `/scripts/${id}`)).status).toBe(204);
    expect((await api('GET', `/scripts/${id}`)).status).toBe(404);
  });

  it('pages the history newest first without gaps or repeats', async () => {
    const { api } = await signedUp();
    const ids: string[] = [];
    for (const topic of ['First topic', 'Second topic', 'Third topic'])
      ids.push((await api('POST', '/scripts', { ...scriptRequest, topic })).body.id);
    const first = await api('GET', '/scripts?limit=2');
    expect(first.body.items.map((s: any) => s.topic)).toEqual(['Third topic', 'Second topic']);
    const second = await api('GET', `/scripts?limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.body.items.map((s: any) => s.id)).toEqual([ids[0]]);
    expect(second.body.nextCursor).toBeNull();
  });

  it('uses a configured chat model, and charges nothing when it fails', async () => {
    const script = {
      titles: ['Coffee 101'],
      hook: 'Stop drinking sad coffee!',
      scenes: [{ narration: 'Grind right before brewing.', visualCue: 'Grinder' }],
      cta: 'Follow.',
      description: 'Tips.',
      hashtags: ['#coffee'],
    };
    let status = 200;
    reply = (p, _b, res) =>
      p === '/v1/chat/completions'
        ? status === 200
          ? json(res, 200, {
              choices: [{ message: { role: 'assistant', content: `\`\`\`json\n${JSON.stringify(script)}\n\`\`\`` } }],
            })
          : json(res, status, { error: { message: 'nope' } })
        : json(res, 404, {});
    const llmApi = await suite.stack.extraApi({ LLM_BASE_URL: `${suite.cloudUrl}/v1`, LLM_MODEL: 'local-llama' });
    const { api } = await signedUp(llmApi.url);
    expect((await api('GET', '/scripts/writer')).body.engine).toEqual({ kind: 'llm', label: 'AI · local-llama' });

    const ok = await api('POST', '/scripts', scriptRequest);
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ engine: { kind: 'llm', label: 'AI · local-llama' }, creditsCharged: 1 });
    expect(ok.body.hook).toBe('Stop drinking sad coffee!');
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 1, reserved: 0 });

    for (const failing of [429, 500]) {
      status = failing;
      const res = await api('POST', '/scripts', scriptRequest);
      expect(res.status).toBe(424);
      expect(res.body.error).toMatch(/local-llama is (busy|having trouble).*No credits were charged\./);
    }
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 1, reserved: 0 });
    const kinds = (await api('GET', '/credits/ledger?limit=4')).body.entries.map((e: any) => e.kind);
    expect(kinds).toEqual(['release', 'reserve', 'release', 'reserve']);
    expect((await api('GET', '/scripts')).body.items).toHaveLength(1);
  });
});

describe('text-to-speech API', () => {
  it('validates text, voice and settings as field errors', async () => {
    const { api } = await signedUp();
    const res = await api('POST', '/speech', { text: '   ', voiceId: 'nobody', speed: 9, pitch: 0.5 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['pitch', 'speed', 'text', 'voiceId']);
    const tooLong = await api('POST', '/speech', { text: 'a'.repeat(5001), voiceId: 'en-us-olivia' });
    expect(tooLong.body.fields.text).toMatch(/5,000 characters/);
    const cloud = await api('POST', '/speech', { text: 'Hello', voiceId: 'openai-alloy' });
    expect(cloud.body.fields.voiceId).toMatch(/OpenAI API key/);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('synthesises offline into a WAV and an MP3 that only links signed for the owner can read', async () => {
    const { api, user, other } = await signedUp();
    const created = await api('POST', '/speech', {
      text: 'Hello there. This is a short test of the offline voice.',
      voiceId: 'en-gb-amelia',
      speed: 1.1,
      pitch: 2,
    });
    expect(created.status).toBe(202);
    expect(created.body).toMatchObject({
      status: 'queued',
      voiceName: 'Amelia',
      engine: { id: 'espeak', label: 'eSpeak NG (offline)' },
    });
    expect((await balance(api)).reserved).toBe(2);

    const done = await until(
      async () => (await api('GET', `/speech/${created.body.id}`)).body,
      (r) => r.status === 'succeeded' || r.status === 'failed',
    );
    expect(done.status).toBe('succeeded');
    expect(done.creditsCharged).toBe(2);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 2, reserved: 0 });

    const wav = await download(done.wav.url);
    const mp3 = await download(done.mp3.url);
    expect([wav.status, wav.type, mp3.status, mp3.type]).toEqual([200, 'audio/wav', 200, 'audio/mpeg']);
    const wavInfo = probe(wav.bytes, 'api.wav');
    const mp3Info = probe(mp3.bytes, 'api.mp3');
    expect(wavInfo).toMatchObject({ codec: 'pcm_s16le', sampleRate: done.sampleRate, channels: 1 });
    expect(mp3Info).toMatchObject({ codec: 'mp3', sampleRate: done.sampleRate });
    expect(wavInfo.duration).toBeCloseTo(done.durationSec, 1);
    expect(wavInfo.duration).toBeGreaterThan(2);

    expect((await other('GET', `/speech/${done.id}`)).status).toBe(404);
    expect((await other('DELETE', `/speech/${done.id}`)).status).toBe(404);
    const byOther = await fetch(`${suite.stack.url}/files/${done.wav.fileId}`, {
      headers: { authorization: `Bearer ${(await createUser()).idToken}` },
    });
    expect(byOther.status).toBe(404);
    const byOwner = await fetch(`${suite.stack.url}/files/${done.wav.fileId}`, {
      headers: { authorization: `Bearer ${user.idToken}` },
    });
    expect(byOwner.status).toBe(200);

    const page = await api('GET', '/speech?limit=5');
    expect(page.body.items.map((r: any) => r.id)).toEqual([done.id]);
    expect((await api('DELETE', `/speech/${done.id}`)).status).toBe(204);
    expect((await download(done.wav.url)).status).toBe(404);
    expect((await api('GET', '/speech')).body.items).toEqual([]);
  });

  it('plays a free voice preview', async () => {
    const { api } = await signedUp();
    const res = await fetch(`${suite.stack.url}/speech/voices/en-us-ethan/preview`, {
      headers: { authorization: `Bearer ${(await createUser()).idToken}` },
    });
    expect(res.headers.get('content-type')).toBe('audio/wav');
    expect(probe(Buffer.from(await res.arrayBuffer()), 'preview.wav').duration).toBeGreaterThan(1);
    expect((await api('GET', '/speech/voices/nobody/preview')).status).toBe(404);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
  });

  it('returns the credits and says why when the cloud voice fails, and cannot be retried behind its record', async () => {
    reply = (p, _b, res) =>
      p === '/v1/audio/speech'
        ? json(res, 401, { error: { message: 'Incorrect API key provided' } })
        : json(res, 404, {});
    const keyed = await suite.stack.reconfigured({
      OPENAI_API_KEY: 'sk-wrong',
      OPENAI_BASE_URL: `${suite.cloudUrl}/v1`,
    });
    try {
      const { api } = await signedUp(keyed.url);
      const created = await api('POST', '/speech', { text: 'Hello from the cloud.', voiceId: 'openai-nova' });
      expect(created.status).toBe(202);
      const done = await until(
        async () => (await api('GET', `/speech/${created.body.id}`)).body,
        (r) => r.status === 'failed' || r.status === 'succeeded',
      );
      expect(done.status).toBe('failed');
      expect(done.error).toBe("OpenAI refused the server's API key. No credits were charged.");
      expect(done.creditsCharged).toBe(0);
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });

      // Run again only as a new generation: a bare job retry would charge for audio this record never shows.
      const job = (await api('GET', '/jobs')).body.jobs[0];
      expect(job).toMatchObject({ kind: 'speech.synthesize', status: 'failed' });
      expect((await api('POST', `/jobs/${job.id}/retry`)).status).toBe(409);
      expect((await api('GET', '/jobs')).body.jobs).toHaveLength(1);
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    } finally {
      await keyed.close();
    }
  });
});

describe('image generator API', () => {
  const finished = (api: Api, ids: string[]) =>
    until(
      async () => (await api('GET', `/images?ids=${ids.join(',')}`)).body.items as any[],
      (items) => items.length === ids.length && items.every((i) => i.status === 'succeeded' || i.status === 'failed'),
    );

  it('validates every input as field errors', async () => {
    const { api } = await signedUp();
    const res = await api('POST', '/images', { prompt: 'x', aspect: '2:1', count: 9, seed: -1, engine: 'fal' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['aspect', 'count', 'prompt', 'seed']);
    const unconfigured = await api('POST', '/images', { prompt: 'a red fox', engine: 'fal' });
    expect(unconfigured.body.fields.engine).toMatch(/not configured/);
    expect((await api('GET', '/images/engines')).body.engines.map((e: any) => [e.id, e.available])).toEqual([
      ['fal', false],
      ['openai', false],
      ['offline', true],
    ]);
  });

  it('renders labelled offline artwork at the exact size, the same for the same prompt and seed, as a free preview', async () => {
    const { api, other } = await signedUp();
    const created = await api('POST', '/images', {
      prompt: 'a lighthouse at dawn',
      aspect: '16:9',
      count: 2,
      seed: 1234,
    });
    expect(created.status).toBe(202);
    expect(created.body.items.map((i: any) => [i.status, i.seed])).toEqual([
      ['queued', 1234],
      ['queued', 1235],
    ]);
    const images = await finished(
      api,
      created.body.items.map((i: any) => i.id),
    );
    expect(images.map((i) => i.status)).toEqual(['succeeded', 'succeeded']);
    expect(images[0].engine).toEqual({ id: 'offline', label: 'Abstract artwork (offline, not AI)' });
    expect(images.map((i) => i.creditsCharged)).toEqual([0, 0]);
    expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT, reserved: 0 });
    expect((await api('GET', '/credits/ledger')).body.entries.map((e: any) => e.kind)).toEqual(['grant']);

    const files = await Promise.all(images.map((i) => download(i.url)));
    for (const file of files) {
      expect(file.type).toBe('image/png');
      expect(imageDimensions(file.bytes)).toEqual({ width: 1280, height: 720 });
    }
    const again = await api('POST', '/images', {
      prompt: 'a lighthouse at dawn',
      aspect: '16:9',
      count: 1,
      seed: 1234,
    });
    const [repeat] = await finished(api, [again.body.items[0].id]);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha((await download(repeat.url)).bytes)).toBe(sha(files[0]!.bytes));
    expect(sha(files[1]!.bytes)).not.toBe(sha(files[0]!.bytes));

    const gallery = await api('GET', '/images?limit=2');
    expect(gallery.body.items.map((i: any) => i.id)).toEqual([repeat.id, images[0].id]);
    expect(gallery.body.nextCursor).not.toBeNull();

    expect((await other('GET', `/images/${repeat.id}`)).status).toBe(404);
    expect((await other('DELETE', `/images/${repeat.id}`)).status).toBe(404);
    expect((await api('DELETE', `/images/${repeat.id}`)).status).toBe(204);
    expect((await download(repeat.url)).status).toBe(404);
  });

  it('generates with FLUX on fal.ai when configured, returns the credits when it fails, and keeps what a failing batch made', async () => {
    const png = encodePng(new Uint8Array(96 * 54 * 3).fill(90), 96, 54);
    let status = 200;
    reply = (p, body, res) => {
      if (p !== '/fal-ai/flux/schnell') return json(res, 404, {});
      if (status !== 200) return json(res, status, { detail: 'Invalid key' });
      json(res, 200, {
        images: [{ url: `data:image/png;base64,${png.toString('base64')}`, width: 96, height: 54 }],
        seed: body.seed,
        has_nsfw_concepts: [false],
      });
    };
    const falApi = await suite.stack.reconfigured({
      FAL_KEY: 'fal-key',
      FAL_BASE_URL: suite.cloudUrl,
      FAL_MODEL: 'fal-ai/flux/schnell',
    });
    try {
      const { api } = await signedUp(falApi.url);
      const ok = await api('POST', '/images', { prompt: 'a red fox in snow', aspect: '9:16', count: 1, seed: 5 });
      expect(ok.body.items[0].engine).toEqual({ id: 'fal', label: 'FLUX · flux/schnell (fal.ai)' });
      const [image] = await finished(api, [ok.body.items[0].id]);
      expect(image).toMatchObject({ status: 'succeeded', width: 96, height: 54, creditsCharged: 3 });
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 3, reserved: 0 });
      // The offline artwork asked for by name stays a free preview beside a configured engine.
      const offline = await api('POST', '/images', { prompt: 'a red fox in snow', engine: 'offline', count: 2 });
      expect(
        (
          await finished(
            api,
            offline.body.items.map((i: any) => i.id),
          )
        ).map((i) => [i.status, i.creditsCharged]),
      ).toEqual([
        ['succeeded', 0],
        ['succeeded', 0],
      ]);

      status = 401;
      const failing = await api('POST', '/images', { prompt: 'a red fox in snow', count: 2 });
      const failed = await finished(
        api,
        failing.body.items.map((i: any) => i.id),
      );
      expect(failed.map((i) => i.status)).toEqual(['failed', 'failed']);
      expect(failed[0].error).toBe("FLUX (fal.ai) refused the server's API key. No credits were charged.");
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 3, reserved: 0 });

      // The engine gives out during a batch: the images already made are kept and charged, the rest fail.
      let calls = 0;
      status = 200;
      const flux = reply;
      reply = (p, body, res) => (++calls > 2 ? json(res, 429, { detail: 'Too many requests' }) : flux(p, body, res));
      const partial = await api('POST', '/images', { prompt: 'a red fox in snow', count: 4 });
      expect(partial.status).toBe(202);
      const mixed = await finished(
        api,
        partial.body.items.map((i: any) => i.id),
      );
      expect(mixed.map((i) => [i.status, i.creditsCharged])).toEqual([
        ['succeeded', 3],
        ['succeeded', 3],
        ['failed', 0],
        ['failed', 0],
      ]);
      expect(mixed[2].error).toMatch(/No credits were charged for this image\.$/);
      expect((await download(mixed[1].url)).status).toBe(200);
      expect(await balance(api)).toEqual({ balance: SIGNUP_GRANT - 3 - 6, reserved: 0 });
    } finally {
      await falApi.close();
    }
  });
});
