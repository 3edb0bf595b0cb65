/**
 * Text-to-speech studio contract: the request both sides validate, the live figures the editor shows while typing,
 * and the generation record the API returns.
 */
import { z } from 'zod';
import { ttsCost } from './pricing.ts';
import { linkedFileSchema } from './storage.ts';
import { textField } from './text.ts';
import { isCatalogueVoiceId, UNKNOWN_VOICE_MESSAGE } from './voices.ts';

export const SPEECH_LIMITS = {
  /** Characters as the user sees them (code points), the unit the price uses too. */
  textMax: 5000,
  speedMin: 0.5,
  speedMax: 2,
  /** The speed slider's step; the API snaps speeds to it (see snapSpeed). */
  speedStep: 0.05,
  /** Semitones. */
  pitchMin: -6,
  pitchMax: 6,
} as const;

export const speechCharCount = (text: string): number => [...text.trim()].length;

const STEPS_PER_UNIT = Math.round(1 / SPEECH_LIMITS.speedStep);

/**
 * The nearest speed the slider offers. Free voice previews are cached per voice, speed and pitch; without snapping,
 * 1 and 1.0000001 would be two previews and every fraction a fresh, free synthesis.
 */
export const snapSpeed = (speed: number): number => Math.round(speed * STEPS_PER_UNIT) / STEPS_PER_UNIT;

const speedField = z.coerce
  .number({ error: 'Speed must be a number.' })
  .min(SPEECH_LIMITS.speedMin, `Speed is at least ${SPEECH_LIMITS.speedMin}×.`)
  .max(SPEECH_LIMITS.speedMax, `Speed is at most ${SPEECH_LIMITS.speedMax}×.`)
  .transform(snapSpeed)
  .default(1);

const pitchField = z.coerce
  .number({ error: 'Pitch must be a number.' })
  .int('Pitch moves in whole semitones.')
  .min(SPEECH_LIMITS.pitchMin, `Pitch is at least ${SPEECH_LIMITS.pitchMin} semitones.`)
  .max(SPEECH_LIMITS.pitchMax, `Pitch is at most +${SPEECH_LIMITS.pitchMax} semitones.`)
  .default(0);

export const speechRequestSchema = z.object({
  text: textField({ error: 'Enter the text to speak.' })
    .trim()
    .min(1, 'Enter the text to speak.')
    .refine(
      (t) => speechCharCount(t) <= SPEECH_LIMITS.textMax,
      `Keep the text to ${SPEECH_LIMITS.textMax.toLocaleString('en-US')} characters or fewer.`,
    )
    .refine((t) => /[\p{L}\p{N}]/u.test(t), 'The text needs at least one word to speak.')
    .describe('What to say, up to 5,000 characters; the price is per started 1,000 characters.'),
  voiceId: z
    .string({ error: 'Choose a voice.' })
    .refine(isCatalogueVoiceId, UNKNOWN_VOICE_MESSAGE)
    .describe("A voice id from GET /voices; omit it for the server's best English voice."),
  speed: speedField.describe('Reading speed (1 when omitted), rounded to steps of 0.05.'),
  pitch: pitchField.describe('Pitch shift in whole semitones.'),
});
export type SpeechRequestInput = z.input<typeof speechRequestSchema>;
export type SpeechRequest = z.output<typeof speechRequestSchema>;

/** `GET /speech/voices/:voiceId/preview?speed=&pitch=`: the same speed and pitch rules as a request. */
export const speechPreviewQuery = z.object({ speed: speedField, pitch: pitchField });

/** What the editor shows under the text box before the user commits. */
export function speechEstimate(text: string): { chars: number; cost: number; overLimit: boolean } {
  const chars = speechCharCount(text);
  return { chars, cost: ttsCost(text.trim()), overLimit: chars > SPEECH_LIMITS.textMax };
}

export const GENERATION_STATUSES = ['queued', 'active', 'succeeded', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

export const speechRecordSchema = z.object({
  id: z.string().describe("The generation's id."),
  status: z.enum(GENERATION_STATUSES).describe('"queued", "active", then "succeeded" or "failed".'),
  /** 0..1 while the job runs. */
  progress: z.number().describe('0 to 1 while the job runs.'),
  text: z.string().describe('The text as spoken (trimmed).'),
  chars: z.number().int().describe('Characters charged for.'),
  voiceId: z.string().describe('The voice used.'),
  voiceName: z.string().describe("The voice's display name."),
  engine: z
    .object({ id: z.string(), label: z.string() })
    .describe('The speech engine that spoke it: id and display label.'),
  speed: z.number().describe('Reading speed used.'),
  pitch: z.number().describe('Pitch shift used, in semitones.'),
  durationSec: z.number().nullable().describe('Length of the audio in seconds; null until succeeded.'),
  sampleRate: z.number().int().nullable().describe('Sample rate of the audio in Hz; null until succeeded.'),
  wav: linkedFileSchema.nullable().describe('The WAV file with a signed, short-lived url; null until succeeded.'),
  mp3: linkedFileSchema.nullable().describe('The MP3 file with a signed, short-lived url; null until succeeded.'),
  error: z.string().nullable().describe('Plain-language reason when failed; else null.'),
  creditsCharged: z.number().int().describe('Credits charged once it succeeded; 0 before, and when it failed.'),
  createdAt: z.string().describe('When it was accepted, ISO 8601.'),
});
export type SpeechRecord = z.infer<typeof speechRecordSchema>;

export const speechPageSchema = z.object({
  items: z.array(speechRecordSchema).describe('The speech records, newest first.'),
  nextCursor: z.string().nullable().describe('Pass it as `cursor` for the next page; null on the last page.'),
});
export type SpeechPage = z.infer<typeof speechPageSchema>;
