/** Videos from a script, the storyboard between script and render, and the brand kit every video may wear. */
import { brandKitSchema, brandKitSettingsSchema, DEFAULT_BRAND_KIT } from '../brand.ts';
import { HistoryQuery } from '../paging.ts';
import {
  createStoryboardRequestSchema,
  saveStoryboardRequestSchema,
  stockSearchQuery,
  stockSearchResultsSchema,
  storyboardSchema,
} from '../storyboard.ts';
import { renderAvailabilitySchema } from '../system-tools.ts';
import {
  availablePictureSourcesSchema,
  createVideoRequestSchema,
  uploadedImageSchema,
  uploadedMusicSchema,
  videoPageSchema,
  videoRecordSchema,
} from '../video.ts';
import { DEFAULT_VOICE_ID } from '../voices.ts';
import { type Endpoint, ID } from './types.ts';

const byId = { params: { id: ID } };
const SCRIPT =
  'Our new app plans your week in one minute. Add your tasks, pick your priorities, and let it do the rest.';
const settings = { voiceId: DEFAULT_VOICE_ID, aspect: '16:9', resolution: '720p', captions: 'line' };
const form = (what: string) => ({
  contentType: 'multipart/form-data',
  description: `A form with one field "file": ${what}.`,
});

const videos: Endpoint[] = [
  {
    method: 'post',
    path: '/videos',
    charges: true,
    tag: 'Videos',
    summary: 'Make a video from a script',
    description:
      'A job: credits are held at once (402 when short) and the answer is 202 with the queued record. Poll ' +
      '`GET /videos/{id}` or subscribe to `video.succeeded`; the record then links the MP4, thumbnail and captions.',
    body: createVideoRequestSchema,
    serverDefaults: ['voiceId'],
    answer: videoRecordSchema,
    idempotent: true,
    status: 202,
    example: { body: { script: SCRIPT, ...settings, visuals: 'generated' } },
  },
  {
    method: 'get',
    path: '/videos',
    tag: 'Videos',
    summary: 'Your videos, newest first',
    query: HistoryQuery,
    answer: videoPageSchema,
    paged: true,
    status: 200,
    example: { query: { limit: '12' } },
  },
  {
    method: 'get',
    path: '/videos/:id',
    tag: 'Videos',
    summary: 'One video: status, progress, files',
    answer: videoRecordSchema,
    status: 200,
    example: byId,
  },
  {
    method: 'post',
    path: '/videos/:id/cancel',
    tag: 'Videos',
    summary: 'Cancel a video being made',
    answer: videoRecordSchema,
    status: 200,
    example: byId,
  },
  {
    method: 'post',
    path: '/videos/:id/retry',
    charges: true,
    tag: 'Videos',
    summary: 'Make a failed or cancelled video again',
    answer: videoRecordSchema,
    status: 202,
    example: byId,
  },
  {
    method: 'delete',
    path: '/videos/:id',
    tag: 'Videos',
    summary: 'Delete a video and its files',
    status: 204,
    example: byId,
  },
  {
    method: 'get',
    path: '/videos/availability',
    tag: 'Videos',
    summary: 'Whether this server can make videos now',
    answer: renderAvailabilitySchema,
    status: 200,
  },
  {
    method: 'get',
    path: '/videos/picture-sources',
    tag: 'Videos',
    summary: 'Which picture sources this server has',
    answer: availablePictureSourcesSchema,
    status: 200,
  },
  {
    method: 'post',
    path: '/videos/uploads',
    idempotent: true,
    tag: 'Videos',
    summary: 'Upload an image or clip for a video',
    description: 'Name its `fileId` in `imageFileIds` with `visuals: "uploaded"`.',
    rawBody: form('a PNG, JPEG or WebP image, or an MP4, MOV or WebM clip'),
    answer: uploadedImageSchema,
    status: 201,
  },
  {
    method: 'post',
    path: '/videos/music/uploads',
    idempotent: true,
    tag: 'Videos',
    summary: 'Upload your own music track',
    rawBody: form('an audio track (MP3, WAV, OGG, FLAC, AAC or M4A)'),
    answer: uploadedMusicSchema,
    status: 201,
  },
  {
    method: 'get',
    path: '/videos/music/:track/preview',
    tag: 'Videos',
    summary: 'Hear a few seconds of a library track',
    answerType: 'audio/wav',
    status: 200,
    example: { params: { track: 'calm-pad' } },
  },
  {
    method: 'get',
    path: '/videos/stock/search',
    tag: 'Videos',
    summary: 'Search stock photos and clips',
    description: 'Answers `available: false` when this server has no stock library keys.',
    query: stockSearchQuery,
    answer: stockSearchResultsSchema,
    status: 200,
    example: { query: { q: 'city at night', media: 'video', orientation: 'landscape' } },
  },
];

const storyboards: Endpoint[] = [
  {
    method: 'post',
    path: '/storyboards',
    tag: 'Storyboards',
    summary: 'Split a script into a storyboard',
    description: 'Scenes you can edit, reorder and give their own visuals before rendering. Free.',
    body: createStoryboardRequestSchema,
    serverDefaults: ['voiceId'],
    answer: storyboardSchema,
    idempotent: true,
    status: 201,
    example: { body: { script: SCRIPT, ...settings } },
  },
  {
    method: 'get',
    path: '/storyboards/:id',
    tag: 'Storyboards',
    summary: 'One storyboard',
    answer: storyboardSchema,
    status: 200,
    example: byId,
  },
  {
    method: 'put',
    path: '/storyboards/:id',
    tag: 'Storyboards',
    summary: 'Save an edited storyboard',
    description: '`version` is the one you edited; 409 when it changed meanwhile.',
    body: saveStoryboardRequestSchema,
    answer: storyboardSchema,
    status: 200,
    example: {
      ...byId,
      body: {
        version: 1,
        settings,
        scenes: [
          { id: 's1', text: 'Our new app plans your week in one minute.', visual: { kind: 'illustration' } },
          { id: 's2', text: 'Add your tasks and let it do the rest.', transition: 'cut' },
        ],
      },
    },
  },
  {
    method: 'delete',
    path: '/storyboards/:id',
    tag: 'Storyboards',
    summary: 'Delete a storyboard',
    status: 204,
    example: byId,
  },
  {
    method: 'get',
    path: '/storyboards/:id/scenes/:sceneId/narration',
    tag: 'Storyboards',
    summary: "Hear a scene's narration",
    answerType: 'audio/wav',
    status: 200,
    example: { params: { id: ID, sceneId: 's1' } },
  },
  {
    method: 'get',
    path: '/storyboards/:id/scenes/:sceneId/preview',
    tag: 'Storyboards',
    summary: "See a scene's picture",
    answerType: 'image/jpeg',
    status: 200,
    example: { params: { id: ID, sceneId: 's1' } },
  },
  {
    method: 'post',
    path: '/storyboards/:id/render',
    charges: true,
    tag: 'Storyboards',
    summary: 'Render a storyboard into a video',
    answer: videoRecordSchema,
    idempotent: true,
    status: 202,
    example: byId,
  },
];

const brand: Endpoint[] = [
  {
    method: 'get',
    path: '/brand-kit',
    tag: 'Brand kit',
    summary: 'Your brand kit',
    answer: brandKitSchema,
    status: 200,
  },
  {
    method: 'put',
    path: '/brand-kit',
    tag: 'Brand kit',
    summary: 'Save the brand kit settings',
    description: 'Logo placement, colours, font, intro and outro cards, and whether new videos use it.',
    body: brandKitSettingsSchema,
    answer: brandKitSchema,
    status: 200,
    example: { body: DEFAULT_BRAND_KIT },
  },
  {
    method: 'post',
    path: '/brand-kit/logo',
    idempotent: true,
    tag: 'Brand kit',
    summary: 'Upload the logo',
    rawBody: form('a PNG, JPEG or WebP image'),
    answer: brandKitSchema,
    status: 201,
  },
  {
    method: 'delete',
    path: '/brand-kit/logo',
    tag: 'Brand kit',
    summary: 'Remove the logo',
    answer: brandKitSchema,
    status: 200,
  },
];

export const videoEndpoints: Endpoint[] = [...videos, ...storyboards, ...brand];
