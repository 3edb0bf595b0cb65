/**
 * The text-to-speech studio's pipeline: split the text where a speaker pauses, synthesise each chunk with the
 * voice's engine, join the pieces without clicks, then let ffmpeg write the WAV and the MP3 in one pass, applying
 * any pitch or speed the engine itself cannot (rubberband keeps the tempo when shifting pitch).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SpeechRequest } from '~/contract/speech.ts';
import { engineTag, type VoiceEngine } from '~/contract/voices.ts';
import { joinSpeech } from '~/server/media/pcm.ts';
import { decodeWav, encodeWav } from '~/server/media/wav.ts';
import type { TtsProviders } from '~/server/providers/tts/index.ts';
import { chunkSpeechText } from './chunks.ts';

/**
 * Characters per request: under each engine's cap (Google takes 5,000 bytes, which 1,500 characters of any script
 * fit; Azure stops audio at 10 minutes), small enough on eSpeak for honest progress.
 */
const CHUNK_CHARS: Record<VoiceEngine, number> = {
  espeak: 800,
  festival: 800,
  openai: 4000,
  elevenlabs: 2500,
  azure: 3000,
  google: 1500,
};

/** What each engine does natively; the rest is done by ffmpeg afterwards. */
const ENGINE_CONTROLS: Record<VoiceEngine, { pitch: boolean; speed: readonly [number, number] }> = {
  espeak: { pitch: true, speed: [0.5, 2] },
  festival: { pitch: false, speed: [0.5, 2] },
  openai: { pitch: false, speed: [0.25, 4] },
  elevenlabs: { pitch: false, speed: [0.7, 1.2] },
  azure: { pitch: true, speed: [0.5, 2] },
  google: { pitch: true, speed: [0.25, 4] },
};

export const semitonesToRatio = (semitones: number): number => 2 ** (semitones / 12);

export interface SpeechPlan {
  engine: VoiceEngine;
  /** Passed to the engine: speed factor, pitch in semitones (undefined: the engine has no pitch control). */
  engineSpeed: number;
  enginePitch: number | undefined;
  /** Applied by ffmpeg after synthesis; undefined when nothing is left to do. */
  filter: string | undefined;
}

/** Splits speed and pitch between the engine and ffmpeg. */
export function planSpeech(engine: VoiceEngine, speed: number, pitchSemitones: number): SpeechPlan {
  const controls = ENGINE_CONTROLS[engine];
  const engineSpeed = Math.min(controls.speed[1], Math.max(controls.speed[0], speed));
  const residualSpeed = speed / engineSpeed;
  const postPitch = !controls.pitch && pitchSemitones !== 0;
  const needsFilter = postPitch || Math.abs(residualSpeed - 1) > 1e-6;
  return {
    engine,
    engineSpeed,
    enginePitch: controls.pitch ? pitchSemitones : undefined,
    filter: needsFilter
      ? `rubberband=pitch=${(postPitch ? semitonesToRatio(pitchSemitones) : 1).toFixed(5)}:tempo=${residualSpeed.toFixed(5)}`
      : undefined,
  };
}

export interface SpeechOutput {
  wav: Buffer;
  mp3: Buffer;
  durationMs: number;
  sampleRate: number;
  engine: { id: VoiceEngine; label: string };
}

export interface SynthesizeDeps {
  tts: TtsProviders;
  signal?: AbortSignal;
  /** 0..1 of the whole synthesis. */
  onProgress?: (fraction: number) => void;
}

function runFfmpeg(args: string[], input: Buffer, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], {
      stdio: ['pipe', 'ignore', 'pipe'],
      ...(signal ? { signal } : {}),
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${stderr.trim().slice(-500)}`)),
    );
    // ffmpeg may exit (on error) before reading all of stdin; that EPIPE is reported through `close`.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** One ffmpeg pass: the joined WAV in, the final WAV and a 48 kHz-compatible VBR MP3 out. */
async function encodeOutputs(
  joinedWav: Buffer,
  filter: string | undefined,
  signal: AbortSignal | undefined,
): Promise<{ wav: Buffer; mp3: Buffer }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'nxn-tts-'));
  try {
    const wavPath = path.join(dir, 'speech.wav');
    const mp3Path = path.join(dir, 'speech.mp3');
    const graph = filter ? ['-filter_complex', `[0:a]${filter},asplit=2[w][m]`] : [];
    const [w, m] = filter ? ['[w]', '[m]'] : ['0:a', '0:a'];
    await runFfmpeg(
      [
        '-f',
        'wav',
        '-i',
        'pipe:0',
        ...graph,
        '-map',
        w,
        '-c:a',
        'pcm_s16le',
        wavPath,
        '-map',
        m,
        '-c:a',
        'libmp3lame',
        '-q:a',
        '3',
        mp3Path,
      ],
      joinedWav,
      signal,
    );
    return { wav: await readFile(wavPath), mp3: await readFile(mp3Path) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function synthesizeSpeech(request: SpeechRequest, deps: SynthesizeDeps): Promise<SpeechOutput> {
  const voice = await deps.tts.findVoice(request.voiceId);
  if (!voice) throw new Error(`Unknown voice ${request.voiceId}`);
  const provider = deps.tts.forVoice(voice);
  const plan = planSpeech(voice.engine, request.speed, request.pitch);
  const chunks = chunkSpeechText(request.text, CHUNK_CHARS[voice.engine]);

  const pieces: Array<{ pcm: Int16Array; pauseAfterMs: number }> = [];
  let sampleRate = 0;
  for (const [i, chunk] of chunks.entries()) {
    deps.signal?.throwIfAborted();
    const result = await provider.synthesize(chunk.text, voice, {
      speed: plan.engineSpeed,
      ...(plan.enginePitch !== undefined ? { pitch: plan.enginePitch } : {}),
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    sampleRate ||= result.sampleRate;
    if (result.sampleRate !== sampleRate)
      throw new Error(`Engine changed sample rate mid-text (${sampleRate} → ${result.sampleRate})`);
    pieces.push({ pcm: result.pcm, pauseAfterMs: chunk.pauseAfterMs / plan.engineSpeed });
    deps.onProgress?.(((i + 1) / chunks.length) * 0.85);
  }

  const joined = joinSpeech(pieces, sampleRate);
  if (joined.length === 0) throw new Error('The voice produced no audio for this text.');
  const { wav, mp3 } = await encodeOutputs(
    encodeWav({ pcm: joined, sampleRate, channels: 1 }),
    plan.filter,
    deps.signal,
  );
  deps.onProgress?.(1);
  const decoded = decodeWav(wav);
  return {
    wav,
    mp3,
    sampleRate: decoded.sampleRate,
    durationMs: Math.round((decoded.pcm.length / decoded.channels / decoded.sampleRate) * 1000),
    engine: engineTag(voice.engine),
  };
}
