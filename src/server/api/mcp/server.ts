/**
 * The MCP server one caller talks to: tools that call the API itself, as that caller, so validation, scopes, prices,
 * errors and idempotency are exactly the API's. Made per request (stateless Streamable HTTP), so it holds nothing
 * between calls. Input schemas are the contract's own fields, so the JSON Schema a model reads lists the same
 * choices and limits the API checks; rules that span fields (a script's length, a voice this server can use, the
 * balance) are left to the API, whose refusal comes back as the tool's error.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { brand } from '~/config/brand.ts';
import { IdempotencyKey, type MeResponse } from '~/contract/api.ts';
import { type BatchRecord, batchSettingsSchema, createBatchRequestSchema } from '~/contract/batches.ts';
import { type ImagePage, type ImageRecord, imageRequestSchema } from '~/contract/images.ts';
import { type ScriptRecord, scriptRequestSchema } from '~/contract/scripts.ts';
import { type SpeechRecord, speechRequestSchema } from '~/contract/speech.ts';
import { createVideoRequestSchema, type VideoRecord } from '~/contract/video.ts';
import { VOICE_ENGINES, type VoiceCatalogueAnswer } from '~/contract/voices.ts';
import {
  type ApiAnswer,
  apiFailure,
  balanceResult,
  batchResult,
  imageBatchResult,
  imageResult,
  scriptResult,
  speechResult,
  videoResult,
  voicesResult,
} from './results.ts';

/** One request to the API as the MCP caller: JSON in and out, the caller's own credentials. */
export type ApiCall = (
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  idempotencyKey?: string | undefined,
) => Promise<ApiAnswer>;

const INSTRUCTIONS = `${brand.productName} makes narrated videos, speech and images from text, paid in credits.
To make a video: optionally generate_script from a topic, then create_video with the script, then call get_video
with its id every few seconds until its status is succeeded; the answer has a link to the MP4. synthesize_speech and
generate_image work the same way with get_speech and get_image. list_voices gives voice ids; get_balance the credits.
Errors are the API's own messages, naming each field to fix.`;

const idempotencyKey = IdempotencyKey.optional().describe(
  'Any unique string (e.g. a UUID). Sending the same request again with the same key returns the first result instead of making and charging it twice.',
);
const jobId = z.string().min(1).max(100);

const READ = { readOnlyHint: true, openWorldHint: false } as const;
const CREATE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false } as const;

/** The API's answer as a tool result: `ok` formats a success, anything else is the API's error. */
async function answered<T>(answer: Promise<ApiAnswer>, ok: (body: T, answer: ApiAnswer) => CallToolResult) {
  const settled = await answer;
  return settled.status >= 200 && settled.status < 300 ? ok(settled.body as T, settled) : apiFailure(settled);
}

const encode = encodeURIComponent;

function registerVideoTools(server: McpServer, call: ApiCall) {
  const video = createVideoRequestSchema.shape;
  server.registerTool(
    'create_video',
    {
      title: 'Create a video',
      description:
        'Make a narrated video from a script: a voice reads it, each scene gets a picture (stock, AI image, illustration or designed background, in the order visualOrder says) and captions. Credits for the estimated length are held now; the finished video is charged per started minute. Returns the video id: call get_video with it until the status is succeeded.',
      inputSchema: {
        script: video.script.describe(
          'What the narrator says, as plain text; up to 5 minutes spoken (about 750 words). Lines in [brackets] or (parentheses) are not read.',
        ),
        voiceId: video.voiceId
          .optional()
          .describe("A voice id from list_voices; the server's default voice if left out."),
        aspect: video.aspect.default('16:9').describe('16:9 landscape, 9:16 vertical (shorts, reels) or 1:1 square.'),
        resolution: video.resolution.default('720p').describe('720p or 1080p.'),
        captions: video.captions.default('word').describe('Burned-in captions: off, line, word, karaoke or pop.'),
        captionOptions: video.captionOptions.optional(),
        visualOrder: video.visualOrder.optional(),
        music: video.music.optional().describe('Background music; off unless enabled.'),
        brandKit: video.brandKit,
        idempotencyKey,
      },
      annotations: CREATE,
    },
    async ({ idempotencyKey: key, ...request }) =>
      answered<VideoRecord>(call('POST', '/videos', { ...request, visuals: 'generated' }, key), (record, { status }) =>
        videoResult(
          record,
          status === 200 ? 'This idempotency key was used before: this is the video it made.' : 'Video accepted.',
        ),
      ),
  );
  server.registerTool(
    'get_video',
    {
      title: 'Get a video',
      description:
        "A video's status, progress and, once succeeded, the link to download its MP4 (and subtitles), its length and what it cost.",
      inputSchema: { id: jobId.describe('The id create_video returned.') },
      annotations: READ,
    },
    async ({ id }) => answered<VideoRecord>(call('GET', `/videos/${encode(id)}`), (record) => videoResult(record)),
  );
}

function registerStudioTools(server: McpServer, call: ApiCall) {
  const script = scriptRequestSchema.shape;
  server.registerTool(
    'generate_script',
    {
      title: 'Generate a script',
      description:
        'Write a video script about a topic: hook, scenes and call to action, timed at 150 words a minute. Returns the narration to pass to create_video, the title, and what it cost (the offline writer, used when the server has no AI model, is free).',
      inputSchema: {
        topic: script.topic.describe('What the video is about.'),
        audience: script.audience.optional(),
        tone: script.tone.default('friendly'),
        platform: script.platform
          .default('youtube')
          .describe('youtube (16:9), shorts (9:16, at most 3 minutes) or square.'),
        targetSeconds: script.targetSeconds.default(60).describe('Spoken length in seconds, 15 to 300.'),
        keyPoints: script.keyPoints.optional(),
        callToAction: script.callToAction.optional(),
        idempotencyKey,
      },
      annotations: CREATE,
    },
    async ({ idempotencyKey: key, ...request }) =>
      answered<ScriptRecord>(call('POST', '/scripts', request, key), (record) => scriptResult(record)),
  );

  const speech = speechRequestSchema.shape;
  server.registerTool(
    'synthesize_speech',
    {
      title: 'Synthesise speech',
      description:
        'Read a text aloud with a voice (a voice-over without a video). Returns a speech id: call get_speech with it until the status is succeeded; it then has links to the MP3 and WAV.',
      inputSchema: {
        text: speech.text.describe('The words to speak, up to 5,000 characters.'),
        voiceId: speech.voiceId
          .optional()
          .describe("A voice id from list_voices; the server's default voice if left out."),
        speed: speech.speed.describe('0.5 to 2; 1 is normal.'),
        pitch: speech.pitch.describe('Semitones, -6 to +6.'),
        idempotencyKey,
      },
      annotations: CREATE,
    },
    async ({ idempotencyKey: key, ...request }) =>
      answered<SpeechRecord>(call('POST', '/speech', request, key), (record) => speechResult(record, 'Accepted.')),
  );
  server.registerTool(
    'get_speech',
    {
      title: 'Get speech',
      description: "A speech job's status and, once succeeded, links to its MP3 and WAV, its length and what it cost.",
      inputSchema: { id: jobId.describe('The id synthesize_speech returned.') },
      annotations: READ,
    },
    async ({ id }) => answered<SpeechRecord>(call('GET', `/speech/${encode(id)}`), (record) => speechResult(record)),
  );

  const image = imageRequestSchema.shape;
  server.registerTool(
    'generate_image',
    {
      title: 'Generate images',
      description:
        'Make one to four images from a prompt. Returns their ids: call get_image with each until its status is succeeded; it then has a link to the PNG.',
      inputSchema: {
        prompt: image.prompt.describe('What the image shows.'),
        negativePrompt: image.negativePrompt.optional(),
        aspect: image.aspect,
        style: image.style,
        count: image.count,
        engine: image.engine.describe('auto picks the best engine the server has; offline draws without any model.'),
        seed: image.seed,
        idempotencyKey,
      },
      annotations: CREATE,
    },
    async ({ idempotencyKey: key, ...request }) =>
      answered<ImagePage>(call('POST', '/images', request, key), (page) => imageBatchResult(page.items)),
  );
  server.registerTool(
    'get_image',
    {
      title: 'Get an image',
      description: "An image's status and, once succeeded, the link to its PNG, its size and what it cost.",
      inputSchema: { id: jobId.describe('An id generate_image returned.') },
      annotations: READ,
    },
    async ({ id }) => answered<ImageRecord>(call('GET', `/images/${encode(id)}`), (record) => imageResult(record)),
  );
}

function registerAccountTools(server: McpServer, call: ApiCall) {
  server.registerTool(
    'list_voices',
    {
      title: 'List voices',
      description:
        'Voices this server can read with, best-sounding first: id, name, language and quality. Filter by language to find one for a script.',
      inputSchema: {
        language: z.string().max(60).optional().describe('A language tag ("en", "pt-BR") or name ("Portuguese").'),
        engine: z.enum(VOICE_ENGINES).optional().describe('Only voices of this speech engine.'),
      },
      annotations: READ,
    },
    async (filter) => answered<VoiceCatalogueAnswer>(call('GET', '/voices'), (answer) => voicesResult(answer, filter)),
  );
  server.registerTool(
    'get_balance',
    {
      title: 'Get the balance',
      description: 'The credits the account can spend now, and those held by jobs still running.',
      annotations: READ,
    },
    async () => answered<MeResponse>(call('GET', '/me'), (me) => balanceResult(me.credits)),
  );
}

function registerBatchTools(server: McpServer, call: ApiCall) {
  const batch = createBatchRequestSchema.shape;
  server.registerTool(
    'create_batch',
    {
      title: 'Create a batch of videos',
      description:
        'Make one video per row, up to 100: each row an object with a "script", or cells that the template\'s {{column}} placeholders take ("Meet {{product}}, now {{price}}"); a row may also set its own "title", "preset" (a preset id such as builtin-youtube-landscape, or the id or name of one the user saved), "voice", "aspect", "captions", "music" and "visual order". Give the settings all rows share, or a preset (its id or name) for them all. Nothing starts unless every row is sound and the credits cover the whole batch; each row is then an ordinary video with its credits held. Returns the batch id: call get_batch with it until every row has ended.',
      inputSchema: {
        rows: batch.rows.unwrap(),
        template: batch.template,
        name: batch.name,
        settings: batchSettingsSchema
          .partial()
          .optional()
          .describe(
            "Every row's voice, aspect, resolution, captions, music and visual order, unless a row says otherwise.",
          ),
        preset: batch.preset,
        idempotencyKey,
      },
      annotations: CREATE,
    },
    async ({ idempotencyKey: key, ...request }) =>
      answered<BatchRecord>(call('POST', '/batches', request, key), (record, { status }) =>
        batchResult(
          record,
          status === 200 ? 'This idempotency key was used before: this is the batch it made.' : 'Batch accepted.',
        ),
      ),
  );
  server.registerTool(
    'get_batch',
    {
      title: 'Get a batch',
      description: "A batch's rows, each with its video's status and, once made, the link to its MP4.",
      inputSchema: { id: jobId.describe('The id create_batch returned.') },
      annotations: READ,
    },
    async ({ id }) => answered<BatchRecord>(call('GET', `/batches/${encode(id)}`), (record) => batchResult(record)),
  );
}

/** A server with every tool, for one caller whose requests `call` makes. */
export function createMcpServer(call: ApiCall): McpServer {
  const server = new McpServer(
    { name: brand.productName, version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS },
  );
  registerAccountTools(server, call);
  registerVideoTools(server, call);
  registerBatchTools(server, call);
  registerStudioTools(server, call);
  return server;
}
