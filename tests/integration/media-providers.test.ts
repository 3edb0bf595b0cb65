/**
 * Each cloud adapter against a local server that speaks the provider's documented protocol, plus the offline
 * engines (eSpeak NG and the designed backgrounds) on their real worker threads.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVoice, VOICES } from '~/contract/voices.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { createDesignedImageProvider } from '~/server/providers/images/designed-provider.ts';
import { createOpenAiImageProvider } from '~/server/providers/images/openai.ts';
import { createElevenLabsProvider } from '~/server/providers/tts/elevenlabs.ts';
import { createEspeakProvider } from '~/server/providers/tts/espeak.ts';
import { createTtsProviders } from '~/server/providers/tts/index.ts';
import { createOpenAiTtsProvider } from '~/server/providers/tts/openai.ts';
import type { WordTimer } from '~/server/providers/tts/types.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

type Reply = (res: http.ServerResponse, seen: Seen) => void;

/** A server whose next answer each test chooses; it records what the adapter sent. */
async function fakeApi() {
  let reply: Reply = (res) => res.end();
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const entry = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      };
      seen.push(entry);
      reply(res, entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    seen,
    answer(next: Reply) {
      reply = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const json =
  (status: number, body: unknown): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
const hang: Reply = () => {};

/** 0.5 s of a 440 Hz tone between 0.25 s of silence on each side, at 24 kHz. */
function tone(): Buffer {
  const pcm = new Int16Array(24_000);
  for (let i = 6000; i < 18_000; i++) pcm[i] = Math.round(Math.sin((i * 2 * Math.PI * 440) / 24_000) * 12_000);
  return Buffer.from(pcm.buffer);
}

const errorOf = async (promise: Promise<unknown>): Promise<ProviderError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

let api: Awaited<ReturnType<typeof fakeApi>>;
beforeAll(async () => {
  api = await fakeApi();
});
afterAll(async () => {
  await api.close();
});

const openaiVoice = VOICES.find((v) => v.engine === 'openai')!;
const elevenVoice = VOICES.find((v) => v.engine === 'elevenlabs')!;

/** Stands in for the aligner (tested on real audio below): records what it was asked and times each word 1 s apart. */
function stubTimer() {
  const calls: Array<{ text: string; voice: string; sampleRate: number; samples: number }> = [];
  const timeWords: WordTimer = (text, voice, audio) => {
    calls.push({ text, voice: voice.id, sampleRate: audio.sampleRate, samples: audio.pcm.length });
    return Promise.resolve(
      text.split(' ').map((word, i) => ({ text: word, startMs: i * 1000, endMs: i * 1000 + 500 })),
    );
  };
  return { calls, timeWords };
}
const { timeWords } = stubTimer();

describe('OpenAI TTS adapter', () => {
  it('posts the documented request and turns raw PCM into audio whose words are timed by the aligner', async () => {
    api.answer((res) => {
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      res.end(tone());
    });
    const timer = stubTimer();
    const tts = createOpenAiTtsProvider({ apiKey: 'sk-test', baseUrl: `${api.base}/v1`, timeWords: timer.timeWords });
    const result = await tts.synthesize('Hello brave world.', openaiVoice, { speed: 1.25 });
    const request = api.seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/audio/speech');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body).toEqual({
      model: 'tts-1',
      input: 'Hello brave world.',
      voice: openaiVoice.engineVoice,
      response_format: 'pcm',
      speed: 1.25,
    });
    expect(result.sampleRate).toBe(24_000);
    expect(result.durationMs).toBe(1000);
    expect(timer.calls).toEqual([
      { text: 'Hello brave world.', voice: openaiVoice.id, sampleRate: 24_000, samples: 24_000 },
    ]);
    expect(result.words.map((w) => [w.text, w.startMs])).toEqual([
      ['Hello', 0],
      ['brave', 1000],
      ['world.', 2000],
    ]);
  });

  it('maps 401, 429 and 500 to errors a user can act on', async () => {
    const tts = createOpenAiTtsProvider({ apiKey: 'bad', baseUrl: api.base, timeWords });
    api.answer(json(401, { error: { message: 'Incorrect API key provided' } }));
    let error = await errorOf(tts.synthesize('Hi.', openaiVoice));
    expect([error.kind, error.status, error.message]).toEqual(['auth', 401, "OpenAI refused the server's API key."]);
    expect(error.detail).toBe('Incorrect API key provided');
    api.answer(json(429, { error: { message: 'Rate limit reached' } }));
    error = await errorOf(tts.synthesize('Hi.', openaiVoice));
    expect(error.kind).toBe('rate_limited');
    api.answer(json(500, { error: { message: 'boom' } }));
    error = await errorOf(tts.synthesize('Hi.', openaiVoice));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe('OpenAI is having trouble right now. Please try again later.');
  });

  it('gives up after its deadline, and stops at once when the caller cancels', async () => {
    api.answer(hang);
    const slow = createOpenAiTtsProvider({ apiKey: 'k', baseUrl: api.base, timeoutMs: 200, timeWords });
    const error = await errorOf(slow.synthesize('Hi.', openaiVoice));
    expect(error.kind).toBe('timeout');
    const controller = new AbortController();
    const pending = createOpenAiTtsProvider({ apiKey: 'k', baseUrl: api.base, timeWords }).synthesize(
      'Hi.',
      openaiVoice,
      { signal: controller.signal },
    );
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

/** Linear resampling, enough to hand eSpeak's 22.05 kHz audio to a client expecting OpenAI's 24 kHz PCM. */
function resample(pcm: Int16Array, from: number, to: number): Int16Array {
  const out = new Int16Array(Math.floor((pcm.length * to) / from));
  for (let i = 0; i < out.length; i++) {
    const x = (i * from) / to;
    const k = Math.floor(x);
    out[i] = Math.round(pcm[k]! + (pcm[Math.min(pcm.length - 1, k + 1)]! - pcm[k]!) * (x - k));
  }
  return out;
}

describe('an OpenAI-compatible server (no word times in the protocol)', () => {
  it('yields word times aligned to the audio it served, close to where the words really are', async () => {
    // eSpeak audio whose word times are known, in another variant and pace than the aligner's reference.
    const text =
      'Every great video starts with a simple idea and a clear voice. Small habits, repeated daily, quietly become the life you live.';
    const espeak = createEspeakProvider();
    const spoken = await espeak
      .synthesize(text, { ...findVoice('en-us-olivia')!, engineVoice: 'en-us+f4' }, { speed: 1.15 })
      .finally(() => espeak.close());
    api.answer((res) => {
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      res.end(Buffer.from(resample(spoken.pcm, spoken.sampleRate, 24_000).buffer));
    });
    const warnings: unknown[] = [];
    const providers = createTtsProviders(
      {
        openaiApiKey: 'sk-local',
        openaiBaseUrl: api.base,
        elevenlabsBaseUrl: api.base,
        festivalPath: '/nonexistent/festival',
      },
      { logger: { warn: (...args: unknown[]) => warnings.push(args) } },
    );
    const nova = findVoice('openai-nova')!;
    try {
      const result = await providers.forVoice(nova).synthesize(text, nova);
      expect(result.words.map((w) => w.text)).toEqual(spoken.words.map((w) => w.text));
      const errors = result.words.map((w, i) => Math.abs(w.startMs - spoken.words[i]!.startMs)).sort((a, b) => a - b);
      expect(errors[Math.floor(errors.length / 2)]).toBeLessThan(80);
      expect(errors[Math.floor(errors.length * 0.9)]).toBeLessThan(200);
      expect(warnings).toEqual([]);
    } finally {
      await providers.close();
    }
  });

  it('falls back to spreading words over the speech, and logs why, when alignment cannot run', async () => {
    api.answer((res) => {
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      res.end(tone());
    });
    const warnings: unknown[][] = [];
    const providers = createTtsProviders(
      {
        openaiApiKey: 'sk-local',
        openaiBaseUrl: api.base,
        elevenlabsBaseUrl: api.base,
        festivalPath: '/nonexistent/festival',
      },
      { logger: { warn: (...args: unknown[]) => warnings.push(args) } },
    );
    const nova = findVoice('openai-nova')!;
    const openai = providers.forVoice(nova);
    // With the eSpeak process gone there is no reference to align against.
    await providers.close();
    const result = await openai.synthesize('Hello brave world.', nova);
    expect(result.words.map((w) => [w.text, w.startMs])).toEqual([
      ['Hello', 250],
      ['brave', 417],
      ['world.', 583],
    ]);
    expect(result.words.at(-1)!.endMs).toBe(750);
    expect(warnings.map(([, message]) => message)).toEqual([
      'Word alignment failed; captions use estimated word times',
    ]);
    expect(warnings[0]![0]).toMatchObject({ engine: 'openai', voice: 'openai-nova' });
  });
});

describe('ElevenLabs adapter', () => {
  const alignment = (text: string) => ({
    characters: [...text],
    character_start_times_seconds: [...text].map((_, i) => 0.25 + i * 0.05),
    character_end_times_seconds: [...text].map((_, i) => 0.29 + i * 0.05),
  });

  it('posts to with-timestamps and takes word timings from the character alignment', async () => {
    api.answer(
      json(200, {
        audio_base64: tone().toString('base64'),
        alignment: alignment('Good morning.'),
        normalized_alignment: alignment('Good morning.'),
      }),
    );
    const timer = stubTimer();
    const tts = createElevenLabsProvider({ apiKey: 'xi-test', baseUrl: api.base, timeWords: timer.timeWords });
    const result = await tts.synthesize('Good morning.', elevenVoice);
    const request = api.seen.at(-1)!;
    expect(request.url).toBe(`/v1/text-to-speech/${elevenVoice.engineVoice}/with-timestamps?output_format=pcm_24000`);
    expect(request.headers['xi-api-key']).toBe('xi-test');
    expect(request.body).toMatchObject({ text: 'Good morning.', model_id: 'eleven_multilingual_v2' });
    expect(result.durationMs).toBe(1000);
    expect(result.words).toEqual([
      { text: 'Good', startMs: 250, endMs: 440 },
      { text: 'morning.', startMs: 500, endMs: 890 },
    ]);
    expect(timer.calls).toEqual([]);
  });

  it('aligns the audio itself when no alignment comes back, and reports bad answers', async () => {
    api.answer(json(200, { audio_base64: tone().toString('base64'), alignment: null }));
    const timer = stubTimer();
    const tts = createElevenLabsProvider({ apiKey: 'k', baseUrl: api.base, timeWords: timer.timeWords });
    expect((await tts.synthesize('Two words.', elevenVoice)).words.map((w) => w.text)).toEqual(['Two', 'words.']);
    expect(timer.calls).toEqual([{ text: 'Two words.', voice: elevenVoice.id, sampleRate: 24_000, samples: 24_000 }]);
    api.answer(json(200, { detail: 'nothing here' }));
    expect((await errorOf(tts.synthesize('Hi.', elevenVoice))).kind).toBe('bad_output');
    api.answer(json(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } }));
    const error = await errorOf(tts.synthesize('Hi.', elevenVoice));
    expect([error.kind, error.detail]).toEqual(['auth', 'Invalid API key']);
    api.answer(hang);
    const slow = createElevenLabsProvider({ apiKey: 'k', baseUrl: api.base, timeoutMs: 200, timeWords });
    expect((await errorOf(slow.synthesize('Hi.', elevenVoice))).kind).toBe('timeout');
  });
});

describe('OpenAI images adapter', () => {
  it('asks for the closest supported size and returns the PNG it got', async () => {
    const png = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    png.writeUInt32BE(1536, 16);
    png.writeUInt32BE(1024, 20);
    api.answer(json(200, { created: 1, data: [{ b64_json: png.toString('base64') }] }));
    const images = createOpenAiImageProvider({ apiKey: 'sk', baseUrl: api.base });
    const result = await images.generate({
      prompt: 'A calm sea',
      width: 1920,
      height: 1080,
      style: 'watercolor',
      negativePrompt: 'text',
    });
    const request = api.seen.at(-1)!;
    expect(request.url).toBe('/v1/images/generations');
    expect(request.body).toEqual({
      model: 'gpt-image-1',
      prompt: 'A calm sea Style: watercolor. Avoid: text.',
      n: 1,
      size: '1536x1024',
    });
    expect([result.width, result.height]).toEqual([1536, 1024]);
    expect(result.png.equals(png)).toBe(true);
  });

  it('reports provider failures and answers without an image', async () => {
    const images = createOpenAiImageProvider({ apiKey: 'sk', baseUrl: api.base, model: 'dall-e-3' });
    api.answer(json(400, { error: { message: 'Your request was rejected by the safety system.' } }));
    const error = await errorOf(images.generate({ prompt: 'x', width: 1024, height: 1024 }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe(
      'OpenAI could not process this request: Your request was rejected by the safety system.',
    );
    expect(api.seen.at(-1)!.body).toMatchObject({ response_format: 'b64_json', size: '1024x1024' });
    api.answer(json(200, { data: [{ url: 'https://example.com/x.png' }] }));
    expect((await errorOf(images.generate({ prompt: 'x', width: 1024, height: 1024 }))).kind).toBe('bad_output');
  });
});

describe('every cloud adapter', () => {
  const adapters = {
    'OpenAI TTS': (timeoutMs?: number) =>
      createOpenAiTtsProvider({
        apiKey: 'k',
        baseUrl: api.base,
        timeWords,
        ...(timeoutMs ? { timeoutMs } : {}),
      }).synthesize('Hi.', openaiVoice),
    // biome-ignore lint/correctness/noComponentHookFactories: these are provider names, not React components
    ElevenLabs: (timeoutMs?: number) =>
      createElevenLabsProvider({
        apiKey: 'k',
        baseUrl: api.base,
        timeWords,
        ...(timeoutMs ? { timeoutMs } : {}),
      }).synthesize('Hi.', elevenVoice),
    'OpenAI images': (timeoutMs?: number) =>
      createOpenAiImageProvider({ apiKey: 'k', baseUrl: api.base, ...(timeoutMs ? { timeoutMs } : {}) }).generate({
        prompt: 'x',
        width: 512,
        height: 512,
      }),
  };

  for (const [name, call] of Object.entries(adapters)) {
    it(`${name}: 401, 429, 500 and a stalled answer become auth, rate_limited, unavailable and timeout`, async () => {
      const kinds: string[] = [];
      for (const status of [401, 429, 500]) {
        api.answer(json(status, { error: { message: `status ${status}` } }));
        kinds.push((await errorOf(call())).kind);
      }
      api.answer(hang);
      kinds.push((await errorOf(call(200))).kind);
      expect(kinds).toEqual(['auth', 'rate_limited', 'unavailable', 'timeout']);
    });
  }
});

describe('offline engines', () => {
  it('eSpeak NG speaks on a worker thread with word timings that follow the text', async () => {
    const espeak = createEspeakProvider();
    try {
      const text = 'The quick brown fox jumps over the lazy dog.';
      const result = await espeak.synthesize(text, findVoice('en-us-olivia')!);
      expect(result.sampleRate).toBe(22_050);
      expect(result.durationMs).toBeGreaterThan(1500);
      expect(result.words.map((w) => w.text)).toEqual(text.split(' '));
      for (let i = 1; i < result.words.length; i++)
        expect(result.words[i]!.startMs).toBeGreaterThan(result.words[i - 1]!.startMs);
      expect(result.words.at(-1)!.endMs).toBeLessThanOrEqual(result.durationMs);
      const slower = await espeak.synthesize(text, findVoice('en-us-olivia')!, { speed: 0.6 });
      expect(slower.durationMs).toBeGreaterThan(result.durationMs * 1.3);
      const french = await espeak.synthesize('Ça va très bien, merci.', findVoice('fr-fr-camille')!);
      expect(french.words.map((w) => w.text)).toEqual(['Ça', 'va', 'très', 'bien,', 'merci.']);
    } finally {
      await espeak.close();
    }
  });

  it('gives the speech process back when idle, so a render that follows has its memory', async () => {
    const children = (module: string): number =>
      fs.readdirSync('/proc').filter((pid) => {
        try {
          const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
          return (
            Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]) === process.pid &&
            fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(module)
          );
        } catch {
          return false;
        }
      }).length;
    const espeak = createEspeakProvider();
    try {
      await espeak.synthesize('One moment.', findVoice('en-us-olivia')!);
      expect(children('espeak-worker')).toBe(1);
      // It exits half a second after its last task; allow a loaded machine up to ten seconds to see it gone.
      for (let i = 0; i < 100 && children('espeak-worker') > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(children('espeak-worker')).toBe(0);
      // And it comes back on demand.
      expect((await espeak.synthesize('Again.', findVoice('en-us-olivia')!)).durationMs).toBeGreaterThan(0);
    } finally {
      await espeak.close();
    }
  });

  it('refuses cloud voices when their key is not configured', () => {
    const providers = createTtsProviders({
      openaiBaseUrl: api.base,
      elevenlabsBaseUrl: api.base,
      festivalPath: '/nonexistent/festival',
    });
    expect(() => providers.forVoice(openaiVoice)).toThrow('OpenAI voices need an OpenAI API key on the server.');
    expect(providers.forVoice(findVoice('en-us-olivia')!).engine).toBe('espeak');
    return providers.close();
  });

  it('draws the same designed background for the same request, off the main thread', async () => {
    const images = createDesignedImageProvider();
    try {
      const request = { prompt: 'Sunrise over the hills', width: 640, height: 360, seed: 7 };
      const [a, b] = await Promise.all([images.generate(request), images.generate(request)]);
      expect(a.png.equals(b.png)).toBe(true);
      expect([a.width, a.height, a.png.readUInt32BE(16), a.png.readUInt32BE(20)]).toEqual([640, 360, 640, 360]);
      const controller = new AbortController();
      const cancelled = images.generate({ ...request, seed: 8, signal: controller.signal });
      controller.abort();
      await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
      expect((await images.generate(request)).png.equals(a.png)).toBe(true);
    } finally {
      await images.close();
    }
  });
});
