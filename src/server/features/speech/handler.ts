/** The `speech.synthesize` job's handler (declared in job.ts): the studio's pipeline, outputs stored for their owner. */
import type { JobHandler } from '~/server/jobs/registry.ts';
import { asJobError } from '~/server/providers/job-errors.ts';
import { createTtsProviders } from '~/server/providers/tts/index.ts';
import type { SpeechJobPayload } from './job.ts';
import type { FinishedSpeech } from './store.ts';
import { synthesizeSpeech } from './synthesize.ts';

export const makeSpeech: JobHandler<SpeechJobPayload, FinishedSpeech> = async (ctx) => {
  const tts = createTtsProviders(ctx.config.providers);
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
};
