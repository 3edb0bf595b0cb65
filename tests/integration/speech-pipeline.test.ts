/**
 * The text-to-speech pipeline end to end on real engines and a real encoder: eSpeak NG offline, a fake cloud
 * engine for what ffmpeg does after synthesis (pitch and leftover speed), and ffprobe to check the files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { speechRequestSchema } from '~/contract/speech';
import { findVoice, type Voice } from '~/contract/voices';
import { planSpeech, synthesizeSpeech } from '~/server/features/speech/synthesize';
import { decodeWav } from '~/server/media/wav';
import type { TtsProvider, TtsProviders } from '~/server/providers/tts/index';
import { createTtsProviders } from '~/server/providers/tts/index';

const dir = mkdtempSync(path.join(tmpdir(), 'nxn-speech-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function probe(bytes: Buffer, name: string): { codec: string; sampleRate: number; duration: number } {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  const out = execFileSync('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=codec_name,sample_rate:format=duration',
    '-of',
    'json',
    file,
  ]);
  const json = JSON.parse(out.toString()) as {
    streams: Array<{ codec_name: string; sample_rate: string }>;
    format: { duration: string };
  };
  return {
    codec: json.streams[0]!.codec_name,
    sampleRate: Number(json.streams[0]!.sample_rate),
    duration: Number(json.format.duration),
  };
}

/** Zero crossings per second in the middle half of the track (away from fades and padding): 2 × a tone's frequency. */
function crossingsPerSecond(pcm: Int16Array, sampleRate: number): number {
  const from = Math.floor(pcm.length / 4);
  const to = Math.floor((pcm.length * 3) / 4);
  let crossings = 0;
  for (let i = from + 1; i < to; i++) if (pcm[i - 1]! < 0 !== pcm[i]! < 0) crossings++;
  return crossings / ((to - from) / sampleRate);
}

/** A cloud engine stand-in: one second of a 300 Hz tone per chunk, ignoring pitch like OpenAI and ElevenLabs do. */
function toneProviders(
  engine: 'openai' | 'elevenlabs',
  calls: Array<{ text: string; speed: number | undefined }>,
): TtsProviders {
  const rate = 24_000;
  const provider: TtsProvider = {
    engine,
    async synthesize(text, _voice, options = {}) {
      calls.push({ text, speed: options.speed });
      const pcm = new Int16Array(rate);
      for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(12_000 * Math.sin((2 * Math.PI * 300 * i) / rate));
      return { pcm, sampleRate: rate, durationMs: 1000, words: [] };
    },
  };
  return {
    configured: { openai: true, elevenlabs: true },
    forVoice: (_voice: Voice) => provider,
    findVoice: async (id) => findVoice(id),
    close: async () => undefined,
  };
}

describe('speech plan', () => {
  it('lets eSpeak do pitch and speed itself', () => {
    expect(planSpeech('espeak', 1.5, 3)).toEqual({
      engine: 'espeak',
      engineSpeed: 1.5,
      enginePitch: 3,
      filter: undefined,
    });
  });
  it('lets Festival set the pace and shifts its pitch afterwards (its HTS engine ignores pitch)', () => {
    expect(planSpeech('festival', 1.5, 12)).toEqual({
      engine: 'festival',
      engineSpeed: 1.5,
      enginePitch: undefined,
      filter: 'rubberband=pitch=2.00000:tempo=1.00000',
    });
  });
  it('shifts pitch after OpenAI and makes up the speed ElevenLabs cannot reach', () => {
    expect(planSpeech('openai', 1.5, 0).filter).toBeUndefined();
    expect(planSpeech('openai', 1, 12).filter).toBe('rubberband=pitch=2.00000:tempo=1.00000');
    expect(planSpeech('elevenlabs', 1.5, 0)).toMatchObject({
      engineSpeed: 1.2,
      filter: 'rubberband=pitch=1.00000:tempo=1.25000',
    });
  });
});

describe('speech pipeline', () => {
  it('synthesises long text offline in several chunks and writes WAV and MP3 of the same length', async () => {
    const paragraph = Array.from(
      { length: 8 },
      (_, i) => `Sentence ${i + 1} of this paragraph tells the listener something new and useful.`,
    ).join(' ');
    const text = `${paragraph}\n\n${paragraph}`;
    expect([...text].length).toBeGreaterThan(800);
    const tts = createTtsProviders({
      openaiBaseUrl: 'http://unused',
      elevenlabsBaseUrl: 'http://unused',
      festivalPath: '/usr/bin/festival',
    });
    const progress: number[] = [];
    try {
      const out = await synthesizeSpeech(speechRequestSchema.parse({ text, voiceId: 'en-us-olivia' }), {
        tts,
        onProgress: (f) => progress.push(f),
      });
      expect(out.engine).toEqual({ id: 'espeak', label: 'eSpeak NG (offline)' });
      expect(progress.length).toBeGreaterThan(2);
      expect(progress.at(-1)).toBe(1);
      const wav = probe(out.wav, 'long.wav');
      const mp3 = probe(out.mp3, 'long.mp3');
      expect(wav).toMatchObject({ codec: 'pcm_s16le', sampleRate: out.sampleRate });
      expect(mp3.codec).toBe('mp3');
      expect(mp3.sampleRate).toBe(out.sampleRate);
      expect(wav.duration).toBeCloseTo(out.durationMs / 1000, 1);
      expect(Math.abs(mp3.duration - wav.duration)).toBeLessThan(0.1);
      // About 200 words at 160 wpm, plus pauses: well over a minute, well under two.
      expect(wav.duration).toBeGreaterThan(60);
      expect(wav.duration).toBeLessThan(120);
    } finally {
      await tts.close();
    }
  });

  it('shifts a cloud voice up an octave after synthesis without changing its length', async () => {
    const calls: Array<{ text: string; speed: number | undefined }> = [];
    const voice = findVoice('openai-alloy')!;
    const out = await synthesizeSpeech(
      speechRequestSchema.parse({ text: 'One short line.', voiceId: voice.id, pitch: 6 }),
      {
        tts: toneProviders('openai', calls),
      },
    );
    const pcm = decodeWav(out.wav);
    const plain = await synthesizeSpeech(speechRequestSchema.parse({ text: 'One short line.', voiceId: voice.id }), {
      tts: toneProviders('openai', []),
    });
    const base = decodeWav(plain.wav);
    // +6 semitones is ×1.414 in frequency.
    expect(crossingsPerSecond(pcm.pcm, pcm.sampleRate) / crossingsPerSecond(base.pcm, base.sampleRate)).toBeCloseTo(
      Math.SQRT2,
      1,
    );
    expect(Math.abs(out.durationMs - plain.durationMs)).toBeLessThan(60);
    expect(probe(out.mp3, 'pitched.mp3').codec).toBe('mp3');
  });

  it('makes up the speed ElevenLabs cannot reach with ffmpeg', async () => {
    const calls: Array<{ text: string; speed: number | undefined }> = [];
    const voice = findVoice('elevenlabs-rachel')!;
    const fast = await synthesizeSpeech(
      speechRequestSchema.parse({ text: 'One short line.', voiceId: voice.id, speed: 1.5 }),
      {
        tts: toneProviders('elevenlabs', calls),
      },
    );
    const normal = await synthesizeSpeech(speechRequestSchema.parse({ text: 'One short line.', voiceId: voice.id }), {
      tts: toneProviders('elevenlabs', []),
    });
    expect(calls[0]!.speed).toBe(1.2);
    expect(fast.durationMs / normal.durationMs).toBeCloseTo(1 / 1.25, 1);
  });
});
