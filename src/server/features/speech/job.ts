/**
 * The `speech.synthesize` job as the API and the worker know it: payload, price and what settling it writes. The
 * handler (handler.ts: the studio's pipeline on a worker) is imported only where the job runs. Credits follow the
 * job (reserved on accept, captured on success, released on failure or cancel).
 */
import { z } from 'zod';
import { ttsCost } from '~/contract/pricing.ts';
import { SPEECH_LIMITS } from '~/contract/speech.ts';
import { defineJob, handlerIn } from '~/server/jobs/registry.ts';
import { completeSpeech, type FinishedSpeech, failSpeech, speechOfJob } from './store.ts';

export const SPEECH_JOB = 'speech.synthesize';

/** Already validated by the route against speechRequestSchema; this re-check guards the queue boundary. */
export const SpeechJobPayload = z.object({
  text: z
    .string()
    .min(1)
    .max(SPEECH_LIMITS.textMax * 2),
  voiceId: z.string().min(1),
  speed: z.number().min(SPEECH_LIMITS.speedMin).max(SPEECH_LIMITS.speedMax),
  pitch: z.number().int().min(SPEECH_LIMITS.pitchMin).max(SPEECH_LIMITS.pitchMax),
});
export type SpeechJobPayload = z.infer<typeof SpeechJobPayload>;

export const speechJobs = [
  defineJob<SpeechJobPayload, FinishedSpeech>({
    kind: SPEECH_JOB,
    payload: SpeechJobPayload,
    price: (p) => ttsCost(p.text),
    handler: handlerIn<typeof import('./handler.ts')>(new URL('./handler.ts', import.meta.url).href).export(
      'makeSpeech',
    ),
    public: false,
    retryLimit: 1,
    timeoutSeconds: 15 * 60,
    event: { subject: 'speech', record: (tx, job) => speechOfJob(tx, job.id) },
    onSuccess: (tx, job, result) => completeSpeech(tx, job.id, result),
    onFailure: (tx, job) =>
      failSpeech(tx, job.id, job.status === 'cancelled' ? 'Cancelled' : (job.error ?? 'The speech could not be made.')),
  }),
];
