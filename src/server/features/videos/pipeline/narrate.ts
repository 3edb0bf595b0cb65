/**
 * Stage `narrate`: each scene spoken (from the content cache when the same voice already read the same text), the
 * timeline the spoken lengths make, and one narration track for the whole video.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrandSnapshot } from '~/contract/brand.ts';
import type { SceneTransition } from '~/contract/storyboard.ts';
import { narrationLengthError } from '~/contract/video.ts';
import type { Voice } from '~/contract/voices.ts';
import { type BrandedTimeline, narrationSlots, withBrandCards } from '~/server/media/brand.ts';
import { buildTimeline } from '~/server/media/timeline.ts';
import { decodeWav, encodeWav, normalizingGain } from '~/server/media/wav.ts';
import type { TtsProvider } from '~/server/providers/tts/types.ts';
import { type ContentCache, narrationKey } from '../cache.ts';
import { isAbortError, MediaError, withReason } from '../errors.ts';
import type { Manifest, NarratedScene } from './manifest.ts';
import { exists, type SceneLog, type StageRun, sceneFile } from './stage.ts';

export interface NarrateDeps {
  voice: Voice;
  provider: TtsProvider;
  cache: ContentCache | undefined;
  /** A storyboard's transition into each scene; none for a script. */
  transitions: readonly SceneTransition[];
  brand: BrandSnapshot | undefined;
}

export async function narrate(
  run: StageRun,
  scenes: readonly string[],
  log: SceneLog<NarratedScene>,
  deps: NarrateDeps,
): Promise<Required<Pick<Manifest, 'timeline' | 'narrationTrack'>>> {
  const dir = path.join(run.workDir, 'narration');
  await fs.mkdir(dir, { recursive: true });
  const pcm: Int16Array[] = [];
  for (const [i, text] of scenes.entries()) {
    const done = log.done[i];
    if (done && (await exists(done.file))) {
      pcm[i] = decodeWav(await fs.readFile(done.file)).pcm;
    } else {
      try {
        const spoken = await speakScene(text, sceneFile(dir, i, 'wav'), deps, run.signal);
        pcm[i] = spoken.pcm;
        await log.keep(i, spoken.scene);
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw new MediaError(withReason(`We couldn't generate the narration for scene ${i + 1}.`, error), 'narrate', {
          cause: error,
        });
      }
    }
    run.progress((i + 1) / scenes.length);
  }

  const narrated = log.done as readonly NarratedScene[];
  const sampleRate = narrated[0]!.sampleRate;
  if (narrated.some((n) => n.sampleRate !== sampleRate))
    throw new MediaError("We couldn't join the narration of all scenes.", 'narrate');
  const timeline = withBrandCards(
    buildTimeline(
      narrated.map((n) => n.durationMs),
      run.height > run.width,
      deps.transitions,
    ),
    (deps.brand?.intro?.seconds ?? 0) * 1000,
    (deps.brand?.outro?.seconds ?? 0) * 1000,
  );
  // The estimate priced and allowed the script; the real voice decides. Nothing is rendered past 5 minutes.
  const tooLong = narrationLengthError(timeline.totalMs);
  if (tooLong) throw new MediaError(tooLong, 'narrate', { retryable: false });
  const narrationTrack = path.join(run.workDir, 'narration.wav');
  await fs.writeFile(
    narrationTrack,
    encodeWav({ pcm: narrationTrackPcm(pcm, timeline, sampleRate), sampleRate, channels: 1 }),
  );
  return { timeline, narrationTrack };
}

/** One scene's narration written to `file`: a copy of the cached one, or synthesized and then cached. */
async function speakScene(
  text: string,
  file: string,
  { voice, provider, cache }: NarrateDeps,
  signal: AbortSignal | undefined,
): Promise<{ pcm: Int16Array; scene: NarratedScene }> {
  const key = narrationKey({ voice, settings: {}, text });
  const cached = await cache?.getNarration(key);
  if (cached) {
    await fs.copyFile(cached.wav, file);
    return {
      pcm: decodeWav(await fs.readFile(file)).pcm,
      scene: { file, durationMs: cached.durationMs, sampleRate: cached.sampleRate, words: cached.words },
    };
  }
  const speech = await provider.synthesize(text, voice, { ...(signal ? { signal } : {}) });
  const wav = encodeWav({ pcm: speech.pcm, sampleRate: speech.sampleRate, channels: 1 });
  await fs.writeFile(file, wav);
  await cache?.putNarration(key, wav, {
    durationMs: speech.durationMs,
    sampleRate: speech.sampleRate,
    words: speech.words,
  });
  return {
    pcm: speech.pcm,
    scene: { file, durationMs: speech.durationMs, sampleRate: speech.sampleRate, words: speech.words },
  };
}

/** One track for the whole video, exactly as long as the picture: scenes placed at their slots, silence between. */
function narrationTrackPcm(pcm: readonly Int16Array[], timeline: BrandedTimeline, sampleRate: number): Int16Array {
  const track = new Int16Array(Math.round((timeline.totalMs / 1000) * sampleRate));
  const gain = normalizingGain(pcm);
  narrationSlots(timeline).forEach((slot, i) => {
    const offset = Math.round((slot.audioStartMs / 1000) * sampleRate);
    const samples = pcm[i]!;
    for (let s = 0; s < samples.length && offset + s < track.length; s++) {
      track[offset + s] = Math.max(-32768, Math.min(32767, Math.round(samples[s]! * gain)));
    }
  });
  return track;
}
