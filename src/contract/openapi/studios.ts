/** The studios: script generator, text to speech and its voices, image generator. */
import { z } from 'zod';
import {
  imageEngineInfoSchema,
  imageIdsQuery,
  imagePageSchema,
  imageRecordSchema,
  imageRequestSchema,
} from '../images.ts';
import { HistoryQuery } from '../paging.ts';
import { scriptContentSchema, scriptPageSchema, scriptRecordSchema, scriptRequestSchema } from '../scripts.ts';
import { speechPageSchema, speechPreviewQuery, speechRecordSchema, speechRequestSchema } from '../speech.ts';
import { DEFAULT_VOICE_ID } from '../voices.ts';
import { type Endpoint, ID, OTHER_ID } from './types.ts';

const byId = { params: { id: ID } };
const history = { query: { limit: '12' } };
const CREATED = '2026-11-26T12:00:00.000Z';

const scripts: Endpoint[] = [
  { method: 'get', path: '/scripts/writer', tag: 'Scripts', summary: 'Which engine writes scripts here', status: 200 },
  {
    method: 'post',
    path: '/scripts',
    charges: true,
    tag: 'Scripts',
    summary: 'Write a script',
    description: 'Titles, a hook, timed scenes, a call to action and hashtags. A writer failure answers 424.',
    body: scriptRequestSchema,
    answer: scriptRecordSchema,
    idempotent: true,
    status: 201,
    example: {
      body: {
        topic: 'Three habits that make mornings easier',
        audience: 'busy parents',
        tone: 'friendly',
        platform: 'youtube',
        targetSeconds: 60,
        keyPoints: ['prepare the night before'],
        callToAction: 'Subscribe for more',
      },
    },
  },
  {
    method: 'get',
    path: '/scripts',
    tag: 'Scripts',
    summary: 'Your scripts, newest first',
    query: HistoryQuery,
    answer: scriptPageSchema,
    paged: true,
    status: 200,
    example: history,
  },
  {
    method: 'get',
    path: '/scripts/:id',
    tag: 'Scripts',
    summary: 'One script',
    answer: scriptRecordSchema,
    status: 200,
    example: byId,
  },
  {
    method: 'put',
    path: '/scripts/:id',
    tag: 'Scripts',
    summary: "Save a script's edited content",
    description: 'Scene timings are recomputed from the words.',
    body: scriptContentSchema,
    answer: scriptRecordSchema,
    status: 200,
    example: {
      ...byId,
      body: {
        titles: ['Easier mornings'],
        hook: 'What if your morning started the night before?',
        scenes: [{ narration: 'Lay out tomorrow tonight.', visualCue: 'Clothes on a chair', startSec: 0, endSec: 4 }],
        cta: 'Subscribe for more',
        description: 'Three habits for calmer mornings.',
        hashtags: ['#mornings'],
      },
    },
  },
  { method: 'delete', path: '/scripts/:id', tag: 'Scripts', summary: 'Delete a script', status: 204, example: byId },
];

const speech: Endpoint[] = [
  {
    method: 'get',
    path: '/voices',
    tag: 'Voices',
    summary: 'The voice catalogue',
    description: 'Every voice a video or speech request may name in `voiceId`, with its language and engine.',
    status: 200,
  },
  {
    method: 'get',
    path: '/speech/voices/:voiceId/preview',
    tag: 'Voices',
    summary: 'Hear a voice (a short WAV, free)',
    query: speechPreviewQuery,
    answerType: 'audio/wav',
    status: 200,
    example: { params: { voiceId: DEFAULT_VOICE_ID }, query: { speed: '1', pitch: '0' } },
  },
  {
    method: 'post',
    path: '/speech',
    charges: true,
    tag: 'Speech',
    summary: 'Synthesise speech',
    description:
      'A job: answers 202 with the queued record; poll `GET /speech/{id}` or subscribe to `speech.succeeded`.',
    body: speechRequestSchema,
    serverDefaults: ['voiceId'],
    answer: speechRecordSchema,
    idempotent: true,
    status: 202,
    example: { body: { text: 'Welcome to our product tour.', voiceId: DEFAULT_VOICE_ID, speed: 1, pitch: 0 } },
    answerExample: {
      id: ID,
      status: 'queued',
      progress: 0,
      text: 'Welcome to our product tour.',
      chars: 28,
      voiceId: DEFAULT_VOICE_ID,
      voiceName: 'Olivia',
      engine: { id: 'espeak', label: 'eSpeak NG (offline)' },
      speed: 1,
      pitch: 0,
      durationSec: null,
      sampleRate: null,
      wav: null,
      mp3: null,
      error: null,
      creditsCharged: 0,
      createdAt: CREATED,
    },
  },
  {
    method: 'get',
    path: '/speech',
    tag: 'Speech',
    summary: 'Your speech, newest first',
    query: HistoryQuery,
    answer: speechPageSchema,
    paged: true,
    status: 200,
    example: history,
  },
  {
    method: 'get',
    path: '/speech/:id',
    tag: 'Speech',
    summary: 'One speech record',
    answer: speechRecordSchema,
    status: 200,
    example: byId,
  },
  { method: 'delete', path: '/speech/:id', tag: 'Speech', summary: 'Delete speech', status: 204, example: byId },
];

const images: Endpoint[] = [
  {
    method: 'get',
    path: '/images/engines',
    tag: 'Images',
    summary: 'Which image engines this server has',
    answer: z.object({ engines: z.array(imageEngineInfoSchema) }),
    status: 200,
  },
  {
    method: 'post',
    path: '/images',
    charges: true,
    tag: 'Images',
    summary: 'Generate images',
    description: 'A job per image: answers 202 with the queued records; poll `GET /images?ids=`.',
    body: imageRequestSchema,
    answer: imagePageSchema,
    idempotent: true,
    status: 202,
    example: { body: { prompt: 'A lighthouse at dawn, watercolour', aspect: '16:9', style: 'none', count: 1 } },
    answerExample: {
      items: [
        {
          id: ID,
          batchId: OTHER_ID,
          status: 'queued',
          prompt: 'A lighthouse at dawn, watercolour',
          negativePrompt: '',
          aspect: '16:9',
          style: 'none',
          seed: 1234567,
          width: null,
          height: null,
          engine: { id: 'fal', label: 'FLUX · flux/dev (fal.ai)' },
          url: null,
          contentType: null,
          error: null,
          creditsCharged: 0,
          createdAt: CREATED,
        },
      ],
      nextCursor: null,
    },
  },
  {
    method: 'get',
    path: '/images',
    tag: 'Images',
    summary: 'Your images, newest first, or one batch by ids',
    description: 'With `ids` (up to 8, comma-separated) it answers those records and ignores `cursor` and `limit`.',
    query: HistoryQuery.extend({ ids: imageIdsQuery.shape.ids.optional() }),
    answer: imagePageSchema,
    paged: true,
    status: 200,
    example: history,
  },
  {
    method: 'get',
    path: '/images/:id',
    tag: 'Images',
    summary: 'One image',
    answer: imageRecordSchema,
    status: 200,
    example: byId,
  },
  { method: 'delete', path: '/images/:id', tag: 'Images', summary: 'Delete an image', status: 204, example: byId },
];

export const studioEndpoints: Endpoint[] = [...scripts, ...speech, ...images];
