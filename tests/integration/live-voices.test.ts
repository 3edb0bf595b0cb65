/**
 * The Azure, Google and ElevenLabs adapters against local servers speaking their documented REST protocols (voice
 * lists, synthesis, refused keys, 429, 5xx, stalls), and the merged catalogue built from them: its size, its cache
 * and what it keeps when a provider fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findVoice, isOfflineEngine, type Voice } from '~/contract/voices.ts';
import { ProviderError } from '~/server/providers/http.ts';
import { azureSsml, createAzureTtsProvider, listAzureVoices } from '~/server/providers/tts/azure.ts';
import { createVoiceCatalogue } from '~/server/providers/tts/catalogue.ts';
import { listElevenLabsVoices } from '~/server/providers/tts/elevenlabs.ts';
import { createGoogleTtsProvider, listGoogleVoices } from '~/server/providers/tts/google.ts';
import { createTtsProviders, type TtsKeys } from '~/server/providers/tts/index.ts';
import type { WordTimer } from '~/server/providers/tts/types.ts';
import { startTtsCloud, type TtsCloud } from '../support/tts-clouds.ts';

let azure: TtsCloud;
let google: TtsCloud;
let eleven: TtsCloud;
beforeAll(async () => {
  [azure, google, eleven] = await Promise.all([
    startTtsCloud('azure', { key: 'az-key' }),
    startTtsCloud('google', { key: 'g-key' }),
    startTtsCloud('elevenlabs', { key: 'xi-key' }),
  ]);
});
afterAll(async () => {
  await Promise.all([azure.close(), google.close(), eleven.close()]);
});

const errorOf = async (promise: Promise<unknown>): Promise<ProviderError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

/** Records what it was asked to time; answers one word per call so the test sees where words came from. */
function recordingTimer() {
  const asked: string[] = [];
  const timeWords: WordTimer = async (text) => {
    asked.push(text);
    return [{ text: 'aligned', startMs: 10, endMs: 20 }];
  };
  return { asked, timeWords };
}

const keys = (overrides: Partial<TtsKeys> = {}): TtsKeys => ({
  openaiBaseUrl: 'http://127.0.0.1:9',
  elevenlabsBaseUrl: eleven.url,
  azureSpeechKey: 'az-key',
  azureSpeechBaseUrl: azure.url,
  googleTtsApiKey: 'g-key',
  googleTtsBaseUrl: google.url,
  elevenlabsApiKey: 'xi-key',
  festivalPath: '/nonexistent/festival',
  ...overrides,
});

describe('Azure AI Speech', () => {
  it('lists the region’s neural voices with language, gender and styles', async () => {
    const voices = await listAzureVoices({ apiKey: 'az-key', baseUrl: azure.url });
    expect(voices).toHaveLength(480);
    expect(new Set(voices.map((v) => v.language)).size).toBe(80);
    const first = voices.find((v) => v.id === 'azure:en-US-Ava23Neural')!;
    expect(first).toMatchObject({
      name: 'Ava23',
      engine: 'azure',
      engineVoice: 'en-US-Ava23Neural',
      gender: 'female',
      languageName: 'English (US)',
    });
    expect(first.styles).toEqual(['assistant', 'chat', 'customerservice', 'newscast']);
    // A locale the static catalogue lacks keeps Azure's own name, and its preview line falls back to English.
    expect(voices.find((v) => v.language === 'am-ET')).toMatchObject({
      languageName: 'Amharic (Ethiopia)',
      preview: findVoice('en-us-olivia')!.preview,
    });
    expect(voices.find((v) => v.language === 'fr-CA')!.preview).toBe(findVoice('fr-fr-camille')!.preview);
    expect(azure.requests.at(-1)).toMatchObject({ method: 'GET', url: '/cognitiveservices/voices/list' });
  });

  it('synthesises SSML with the chosen voice, speed and pitch, and times the words by alignment', async () => {
    const [voice] = (await listAzureVoices({ apiKey: 'az-key', baseUrl: azure.url })).filter(
      (v) => v.language === 'de-DE',
    );
    const timer = recordingTimer();
    const provider = createAzureTtsProvider({ apiKey: 'az-key', baseUrl: azure.url, timeWords: timer.timeWords });
    const result = await provider.synthesize('Guten Tag & willkommen <bei uns>.', voice!, { speed: 1.2, pitch: -2 });
    const sent = azure.requests.at(-1)!;
    expect(sent.url).toBe('/cognitiveservices/v1');
    expect(sent.headers['x-microsoft-outputformat']).toBe('raw-24khz-16bit-mono-pcm');
    expect(sent.body).toContain(`name='${voice!.engineVoice}'`);
    expect(sent.body).toContain("rate='+20%' pitch='-2st'");
    expect(sent.body).toContain('Guten Tag &amp; willkommen &lt;bei uns&gt;.');
    expect(result.sampleRate).toBe(24_000);
    expect(result.durationMs).toBe(2000);
    expect(timer.asked).toEqual(['Guten Tag & willkommen <bei uns>.']);
    expect(result.words).toEqual([{ text: 'aligned', startMs: 10, endMs: 20 }]);
  });

  it('says plainly when the key is refused, the quota is hit, Azure fails or stalls', async () => {
    const voice = (await listAzureVoices({ apiKey: 'az-key', baseUrl: azure.url }))[0]!;
    const timer = recordingTimer();
    const wrongKey = await errorOf(listAzureVoices({ apiKey: 'nope', baseUrl: azure.url }));
    expect(wrongKey).toMatchObject({
      kind: 'auth',
      status: 401,
      message: "Azure AI Speech refused the server's API key.",
    });
    expect(wrongKey.detail).toContain('invalid subscription key');
    const provider = createAzureTtsProvider({
      apiKey: 'az-key',
      baseUrl: azure.url,
      timeWords: timer.timeWords,
      timeoutMs: 300,
    });
    azure.fail(429);
    expect(await errorOf(provider.synthesize('Hi.', voice))).toMatchObject({
      kind: 'rate_limited',
      message: 'Azure AI Speech is busy right now. Please try again in a minute.',
    });
    azure.fail(502);
    expect((await errorOf(provider.synthesize('Hi.', voice))).kind).toBe('unavailable');
    azure.fail('hang');
    expect(await errorOf(provider.synthesize('Hi.', voice))).toMatchObject({
      kind: 'timeout',
      message: 'Azure AI Speech took too long to answer.',
    });
    expect(timer.asked).toEqual([]);
  });

  it('writes SSML that survives quotes in voice names and text', () => {
    const voice = { ...findVoice('en-us-olivia')!, engine: 'azure' as const, engineVoice: "x'y" };
    expect(azureSsml(`It's "fine"`, voice, {})).toBe(
      "<speak version='1.0' xml:lang='en-US'><voice xml:lang='en-US' xml:gender='Female' name='x&apos;y'><prosody rate='+0%' pitch='+0st'>It&apos;s &quot;fine&quot;</prosody></voice></speak>",
    );
  });
});

describe('Google Cloud Text-to-Speech', () => {
  it('lists the neural voices (not the older Standard ones) with language and gender', async () => {
    const voices = await listGoogleVoices({ apiKey: 'g-key', baseUrl: google.url });
    expect(voices).toHaveLength(120);
    expect(voices.some((v) => v.engineVoice.includes('-Standard-'))).toBe(false);
    expect(voices.find((v) => v.id === 'google:en-US-Neural2-C')).toMatchObject({
      name: 'Neural2 C',
      language: 'en-US',
      languageName: 'English (US)',
      gender: 'female',
    });
    expect(voices.find((v) => v.id === 'google:ja-JP-Wavenet-B')).toMatchObject({
      languageName: 'Japanese (Japan)',
      gender: 'male',
    });
    expect(google.requests.at(-1)!.url).toBe('/v1/voices?key=g-key');
  });

  it('synthesises LINEAR16, reads the WAV it comes in, and times the words by alignment', async () => {
    const voice = (await listGoogleVoices({ apiKey: 'g-key', baseUrl: google.url })).find(
      (v) => v.language === 'es-ES',
    )!;
    const timer = recordingTimer();
    const provider = createGoogleTtsProvider({ apiKey: 'g-key', baseUrl: google.url, timeWords: timer.timeWords });
    const result = await provider.synthesize('Hola a todos.', voice, { speed: 0.9, pitch: 3 });
    const sent = JSON.parse(google.requests.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toEqual({
      input: { text: 'Hola a todos.' },
      voice: { languageCode: 'es-ES', name: voice.engineVoice },
      audioConfig: { audioEncoding: 'LINEAR16', sampleRateHertz: 24_000, speakingRate: 0.9, pitch: 3 },
    });
    // Two tone bursts of half a second: the 44-byte WAV header is not read as a click of samples.
    expect(result).toMatchObject({ sampleRate: 24_000, durationMs: 1000 });
    expect(result.pcm.length).toBe(24_000);
    expect(timer.asked).toEqual(['Hola a todos.']);
  });

  it('reads Google’s 400 for a bad key as a refused key, and reports quota, failures and stalls', async () => {
    expect(await errorOf(listGoogleVoices({ apiKey: 'nope', baseUrl: google.url }))).toMatchObject({
      kind: 'auth',
      message: "Google Text-to-Speech refused the server's API key.",
    });
    const voice = (await listGoogleVoices({ apiKey: 'g-key', baseUrl: google.url }))[0]!;
    const provider = createGoogleTtsProvider({
      apiKey: 'g-key',
      baseUrl: google.url,
      timeWords: recordingTimer().timeWords,
      timeoutMs: 300,
    });
    expect(await errorOf(provider.synthesize('Hi.', { ...voice, engineVoice: 'xx-XX-Nobody' }))).toMatchObject({
      kind: 'rejected',
    });
    google.fail(429);
    expect((await errorOf(provider.synthesize('Hi.', voice))).detail).toBe('Quota exceeded for quota metric.');
    google.fail(500);
    expect((await errorOf(listGoogleVoices({ apiKey: 'g-key', baseUrl: google.url }))).kind).toBe('unavailable');
    google.fail('hang');
    expect((await errorOf(provider.synthesize('Hi.', voice))).kind).toBe('timeout');
  });
});

describe('ElevenLabs voice list', () => {
  it('lists the account’s voices, its own clones marked, without repeating the premade voices already in the catalogue', async () => {
    const voices = await listElevenLabsVoices({ apiKey: 'xi-key', baseUrl: eleven.url });
    expect(voices).toHaveLength(82);
    expect(voices.some((v) => v.engineVoice === '21m00Tcm4TlvDq8ikWAM')).toBe(false);
    const clones = voices.filter((v) => v.custom);
    expect(clones).toHaveLength(10);
    expect(clones[0]).toMatchObject({
      name: 'My clone 100',
      engine: 'elevenlabs',
      gender: 'female',
      styles: ['narration', 'warm'],
    });
    expect(voices.find((v) => v.name === 'Speaker 5')).toMatchObject({
      language: 'de-DE',
      languageName: 'German',
      gender: 'male',
    });
    expect(eleven.requests.at(-1)!.headers['xi-api-key']).toBe('xi-key');
    expect((await errorOf(listElevenLabsVoices({ apiKey: 'nope', baseUrl: eleven.url }))).kind).toBe('auth');
  });
});

describe('the merged catalogue', () => {
  const cloud = (voices: Voice[]) => voices.filter((v) => !isOfflineEngine(v.engine) && v.engine !== 'openai');

  it('holds 580+ neural voices with Azure, Google and ElevenLabs configured, read once an hour', async () => {
    let now = 0;
    const catalogue = createVoiceCatalogue(keys(), { now: () => now });
    const before = [azure, google, eleven].map((c) => c.requests.length);
    const { voices, configured } = await catalogue.list();
    expect(configured).toMatchObject({ azure: true, google: true, elevenlabs: true });
    expect(cloud(voices).length).toBeGreaterThanOrEqual(580);
    expect(new Set(voices.map((v) => v.id)).size).toBe(voices.length);
    // Within the hour: no provider is asked again, for the list or to resolve an id.
    now = 59 * 60_000;
    await catalogue.list();
    expect((await catalogue.find('azure:en-US-Ava23Neural'))?.name).toBe('Ava23');
    expect([azure, google, eleven].map((c, i) => c.requests.length - before[i]!)).toEqual([1, 1, 1]);
    now = 61 * 60_000;
    await catalogue.list();
    expect([azure, google, eleven].map((c, i) => c.requests.length - before[i]!)).toEqual([2, 2, 2]);
  });

  it('keeps the last good list when a refresh fails, and tries again a minute later', async () => {
    let now = 0;
    const warnings: unknown[] = [];
    const catalogue = createVoiceCatalogue(keys(), {
      now: () => now,
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
    });
    const first = (await catalogue.list()).voices.length;
    now = 2 * 60 * 60_000;
    azure.fail(503);
    expect((await catalogue.list()).voices).toHaveLength(first);
    expect(warnings).toHaveLength(1);
    const asked = azure.requests.length;
    now += 30_000;
    await catalogue.list();
    expect(azure.requests.length).toBe(asked);
    now += 31_000;
    await catalogue.list();
    expect(azure.requests.length).toBe(asked + 1);
  });

  it('offers no live voices from a provider whose key is missing or whose list never came, and finds no made-up ids', async () => {
    const withoutGoogle = createVoiceCatalogue(keys({ googleTtsApiKey: undefined }), {
      logger: { warn: () => undefined },
    });
    const { voices, configured } = await withoutGoogle.list();
    expect(configured.google).toBe(false);
    expect(voices.some((v) => v.engine === 'google')).toBe(false);
    expect(await withoutGoogle.find('google:en-US-Neural2-C')).toBeUndefined();
    expect(await withoutGoogle.find('azure:en-US-NobodyNeural')).toBeUndefined();
    expect((await withoutGoogle.find('en-us-olivia'))?.engine).toBe('espeak');

    const refused = createVoiceCatalogue(keys({ azureSpeechKey: 'wrong' }), { logger: { warn: () => undefined } });
    expect((await refused.list()).voices.some((v) => v.engine === 'azure')).toBe(false);
  });

  it('resolves a live voice for the worker and reads it with Azure, captions aligned to the audio', async () => {
    const tts = createTtsProviders(keys());
    try {
      const voice = (await tts.findVoice('azure:en-GB-Brian19Neural'))!;
      expect(voice).toMatchObject({ engine: 'azure', language: 'en-GB', gender: 'male' });
      const result = await tts.forVoice(voice).synthesize('Good morning to you all.', voice);
      expect(result.words.map((w) => w.text)).toEqual(['Good', 'morning', 'to', 'you', 'all.']);
      expect(result.words.at(-1)!.endMs).toBeLessThanOrEqual(result.durationMs);
    } finally {
      await tts.close();
    }
  });
});
