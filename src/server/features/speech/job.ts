/**
 * The `speech.synthesize` job: the studio's pipeline (synthesize.ts) on a worker, outputs stored for their owner.
 * Credits follow the job (reserved on accept, captured on success, released on failure or cancel).
 */
import { z } from 'zod';
import { ttsCost } from '~/contract/pricing.ts';
import { SPEECH_LIMITS } from '~/contract/speech.ts';
import { loadConfig } from '~/server/config/index.ts';
import { registerJobHandler, type JobContext } from '~/server/jobs/registry.ts';
import { createTtsProviders } from '~/server/providers/tts/index.ts';
import { asJobError } from '../../providers/job-errors.ts';
import { completeSpeech, failSpeech, type FinishedSpeech } from './store.ts';
import { synthesizeSpeech } from './synthesize.ts';

export const SPEECH_JOB = 'speech.synthesize';

/** Already validated by the route against speechRequestSchema; this re-check guards the queue boundary. */
export const SpeechJobPayload = z.object({
  text: z.string().min(1).max(SPEECH_LIMITS.textMax * 2),
  voiceId: z.string().min(1),
  speed: z.number().min(SPEECH_LIMITS.speedMin).max(SPEECH_LIMITS.speedMax),
  pitch: z.number().int().min(SPEECH_LIMITS.pitchMin).max(SPEECH_LIMITS.pitchMax),
});
export type SpeechJobPayload = z.infer<typeof SpeechJobPayload>;

async function synthesize(ctx: JobContext<SpeechJobPayload>): Promise<FinishedSpeech> {
  const tts = createTtsProviders(loadConfig().providers);
  try {
    ctx.reportProgress('Synthesising', 0);
    const out = await synthesizeSpeech(ctx.payload, {
      tts,
      signal: ctx.signal,
      onProgress: (fraction) => ctx.reportProgress(fraction < 0.85 ? 'Synthesising' : 'Encoding WAV and MP3', fraction),
    });
    const wav = await ctx.putFile(out.wav, { contentType: 'audio/wav', name: 'nxn-speech.wav' });
    const mp3 = await ctx.putFile(out.mp3, { contentType: 'audio/mpeg', name: 'nxn-speech.mp3' });
    return { wavFileId: wav.fileId, mp3FileId: mp3.fileId, durationMs: out.durationMs, sampleRate: out.sampleRate };
  } catch (error) {
    throw asJobError(error);
  } finally {
    await tts.close();
  }
}

registerJobHandler<SpeechJobPayload, FinishedSpeech>(SPEECH_JOB, synthesize, {
  payload: SpeechJobPayload,
  price: (p) => ttsCost(p.text),
  public: false,
  retryLimit: 1,
  timeoutSeconds: 15 * 60,
  onSuccess: (tx, job, result) => completeSpeech(tx, job.id, result),
  onFailure: (tx, job) => failSpeech(tx, job.id, job.status === 'cancelled' ? 'Cancelled' : (job.error ?? 'The speech could not be made.')),
});
