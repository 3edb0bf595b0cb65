/** Presets of the create form, and public share pages of finished videos. */
import { BUILT_IN_PRESETS, MAX_PRESETS, presetListSchema, presetRequestSchema, presetSchema } from '../presets.ts';
import { shareSettingsSchema, shareStateSchema } from '../sharing.ts';
import { type Endpoint, ID } from './types.ts';

const byId = { params: { id: ID } };
const TOKEN = 'q7Xk2mR9vLp4Zt8wHc3nBd';
const byToken = { params: { token: TOKEN } };
const preset = { name: 'Weekly Shorts', settings: BUILT_IN_PRESETS[0]!.settings };
const DEAD = 'An unknown, revoked or expired token answers the same plain 404 page.';

const presets: Endpoint[] = [
  {
    method: 'get',
    path: '/presets',
    tag: 'Presets',
    summary: 'Built-in and your own presets',
    description: 'Built-in presets (`builtIn: true`, ids starting "builtin-") first, then yours by name.',
    answer: presetListSchema,
    status: 200,
  },
  {
    method: 'post',
    path: '/presets',
    idempotent: true,
    tag: 'Presets',
    summary: 'Save the create form settings as a preset',
    description: 'Apply one by copying its `settings` into `POST /videos` beside the script.',
    body: presetRequestSchema,
    answer: presetSchema,
    errors: { 409: `An account keeps at most ${MAX_PRESETS} presets: delete one you no longer use first` },
    status: 201,
    example: { body: preset },
  },
  {
    method: 'get',
    path: '/presets/:id',
    tag: 'Presets',
    summary: 'One preset',
    answer: presetSchema,
    status: 200,
    example: byId,
  },
  {
    method: 'put',
    path: '/presets/:id',
    tag: 'Presets',
    summary: 'Rename a preset or change its settings',
    description: 'Built-in presets answer 403.',
    body: presetRequestSchema,
    answer: presetSchema,
    status: 200,
    example: { ...byId, body: preset },
  },
  {
    method: 'delete',
    path: '/presets/:id',
    tag: 'Presets',
    summary: 'Delete a preset',
    description: 'Built-in presets answer 403.',
    status: 204,
    example: byId,
  },
];

const share: Endpoint[] = [
  {
    method: 'get',
    path: '/videos/:id/share',
    tag: 'Sharing',
    summary: "A video's public link",
    description: 'The live link with its view count, or `link: null` when the video is not shared.',
    answer: shareStateSchema,
    status: 200,
    example: byId,
  },
  {
    method: 'put',
    path: '/videos/:id/share',
    tag: 'Sharing',
    summary: 'Share a finished video, or change its link',
    description:
      'Makes the public page `/v/{token}` (or changes the live one): whether it offers a download, and when it ' +
      'expires. A video that has not finished answers 409. After a revoke or an expiry a new token is made.',
    body: shareSettingsSchema,
    answer: shareStateSchema,
    errors: { 409: 'Only a finished video can be shared' },
    status: 200,
    example: { ...byId, body: { allowDownload: true, expiresAt: null } },
  },
  {
    method: 'delete',
    path: '/videos/:id/share',
    tag: 'Sharing',
    summary: 'Revoke the public link',
    description: 'The page, its embed and its media answer 404 from now on.',
    status: 204,
    example: byId,
  },
  {
    method: 'get',
    path: '/v/:token',
    public: true,
    tag: 'Sharing',
    summary: 'The public share page',
    description: `HTML with the player, captions, Open Graph and Twitter player tags, and the embed snippet. Counts a view. ${DEAD}`,
    answerType: 'text/html',
    status: 200,
    example: byToken,
  },
  {
    method: 'get',
    path: '/v/:token/embed',
    public: true,
    tag: 'Sharing',
    summary: 'The player alone, for an iframe',
    description: `Framable from any site. Counts a view. ${DEAD}`,
    answerType: 'text/html',
    status: 200,
    example: byToken,
  },
  {
    method: 'get',
    path: '/v/:token/video.mp4',
    public: true,
    tag: 'Sharing',
    summary: "The shared video's MP4",
    description: `Byte ranges are served. \`?download=1\` saves it as a file, only while the owner allows downloads. ${DEAD}`,
    answerType: 'video/mp4',
    status: 200,
    example: byToken,
  },
  {
    method: 'get',
    path: '/v/:token/poster.jpg',
    public: true,
    tag: 'Sharing',
    summary: "The shared video's poster",
    description: DEAD,
    answerType: 'image/jpeg',
    status: 200,
    example: byToken,
  },
  {
    method: 'get',
    path: '/v/:token/captions.vtt',
    public: true,
    tag: 'Sharing',
    summary: "The shared video's captions as WebVTT",
    description: `The burned-in captions' cues, words and times. ${DEAD}`,
    answerType: 'text/vtt',
    status: 200,
    example: byToken,
  },
];

export const sharingEndpoints: Endpoint[] = [...presets, ...share];
