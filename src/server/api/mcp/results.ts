/**
 * What the MCP tools answer, as a model reads it: a few lines saying the status, the link, the cost and what to do
 * next, plus the same facts as `structuredContent` for clients that read data. Pure: the tools hand in the API's
 * answers (records of src/contract) and get back a tool result.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Credits } from '~/contract/api.ts';
import type { BatchRecord } from '~/contract/batches.ts';
import type { ImageRecord } from '~/contract/images.ts';
import { type ScriptRecord, scriptNarration } from '~/contract/scripts.ts';
import type { SpeechRecord } from '~/contract/speech.ts';
import { formatDuration, VIDEO_STAGE_LABELS, type VideoRecord } from '~/contract/video.ts';
import {
  isVoiceAvailable,
  QUALITY_LABELS,
  rankVoices,
  type Voice,
  type VoiceCatalogueAnswer,
  voiceQuality,
} from '~/contract/voices.ts';

/** An answer of the API to one of the tools' requests: its status, parsed JSON body and Retry-After. */
export interface ApiAnswer {
  status: number;
  body: unknown;
  retryAfter?: string | undefined;
}

/** A signed link stops working after an hour; a fresh call hands out a fresh one. */
const LINK_NOTE = 'Signed link, valid for about an hour; call again for a fresh one.';
/** How long a model should wait between two polls of a running job. */
export const POLL_SECONDS = 5;

const result = (lines: readonly (string | false | null | undefined)[], data: Record<string, unknown>) =>
  ({
    content: [{ type: 'text', text: lines.filter((line): line is string => Boolean(line)).join('\n') }],
    structuredContent: data,
  }) satisfies CallToolResult;

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`;
const percent = (progress: number) => `${Math.round(Math.max(0, Math.min(1, progress)) * 100)}%`;

interface ErrorBody {
  error?: unknown;
  fields?: unknown;
  needed?: unknown;
  available?: unknown;
  requestId?: unknown;
}

/**
 * A refusal or failure of the API as a tool error: the API's own message and one line per field it named, so a model
 * can fix its input and call again; what to do about a 402, a 429 or a 5xx.
 */
export function apiFailure(answer: ApiAnswer): CallToolResult {
  const body: ErrorBody = answer.body && typeof answer.body === 'object' ? (answer.body as ErrorBody) : {};
  const message = typeof body.error === 'string' ? body.error : `The API answered HTTP ${answer.status}.`;
  const fields =
    body.fields && typeof body.fields === 'object' ? Object.entries(body.fields as Record<string, unknown>) : [];
  const lines = [message, ...fields.map(([field, text]) => `- ${field === '_' ? 'input' : field}: ${String(text)}`)];
  if (answer.status === 402 && typeof body.needed === 'number' && typeof body.available === 'number')
    lines.push(
      `It needs ${credits(body.needed)}; ${credits(body.available)} ${body.available === 1 ? 'is' : 'are'} available. The account owner can buy credits on the Billing page.`,
    );
  if (answer.status === 429) lines.push(`Wait ${answer.retryAfter ?? 'a few'} seconds, then call again.`);
  if (answer.status >= 500)
    lines.push(
      `The server failed (HTTP ${answer.status}${typeof body.requestId === 'string' ? `, request ${body.requestId}` : ''}); try again later.`,
    );
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }] };
}

/** A video's status, link, cost and next step. `lead`: the line create_video puts first. */
export function videoResult(video: VideoRecord, lead?: string): CallToolResult {
  const data = {
    id: video.id,
    status: video.status,
    stage: video.stage,
    progress: video.progress,
    durationSec: video.durationSec,
    estimatedSec: video.estimatedSec,
    cost: video.cost,
    creditsCharged: video.creditsCharged,
    videoUrl: video.video?.url ?? null,
    thumbnailUrl: video.thumbnail?.url ?? null,
    subtitlesUrl: video.subtitles?.url ?? null,
    error: video.error,
  };
  const stage = video.stage
    ? (VIDEO_STAGE_LABELS[video.stage as keyof typeof VIDEO_STAGE_LABELS] ?? video.stage)
    : null;
  const poll = `Call get_video with id "${video.id}" again in about ${POLL_SECONDS} seconds until the status is succeeded.`;
  switch (video.status) {
    case 'succeeded':
      return result(
        [
          lead,
          `Video ${video.id} is ready: ${formatDuration(video.durationSec ?? 0)} long, ${video.width}x${video.height}, ${credits(video.creditsCharged)} charged.`,
          video.video && `MP4: ${video.video.url}`,
          video.subtitles && `Subtitles (SRT): ${video.subtitles.url}`,
          video.thumbnail && `Thumbnail: ${video.thumbnail.url}`,
          LINK_NOTE,
        ],
        data,
      );
    case 'failed':
      return result(
        [
          lead,
          `Video ${video.id} failed: ${video.error ?? 'no reason given'}`,
          `Nothing was charged; the ${credits(video.cost)} held for it were returned.`,
          video.setupFailure
            ? 'The server is missing a tool it needs; trying again will not help until that is fixed.'
            : 'Fix what the message says and create the video again.',
        ],
        data,
      );
    case 'cancelled':
      return result([lead, `Video ${video.id} was cancelled; nothing was charged.`], data);
    default:
      return result(
        [
          lead,
          `Video ${video.id} is ${video.status}${stage ? ` (${stage})` : ''}, ${percent(video.progress)} done; about ${formatDuration(video.estimatedSec)} long when finished.`,
          `${credits(video.cost)} are held for it; it is charged per started minute of the finished video.`,
          poll,
        ],
        data,
      );
  }
}

/** A speech job's status, links and next step. */
export function speechResult(speech: SpeechRecord, lead?: string): CallToolResult {
  const data = {
    id: speech.id,
    status: speech.status,
    progress: speech.progress,
    voiceId: speech.voiceId,
    engine: speech.engine.label,
    durationSec: speech.durationSec,
    creditsCharged: speech.creditsCharged,
    mp3Url: speech.mp3?.url ?? null,
    wavUrl: speech.wav?.url ?? null,
    error: speech.error,
  };
  if (speech.status === 'succeeded')
    return result(
      [
        lead,
        `Speech ${speech.id} is ready: ${formatDuration(speech.durationSec ?? 0)} read by ${speech.voiceName} (${speech.engine.label}), ${credits(speech.creditsCharged)} charged.`,
        speech.mp3 && `MP3: ${speech.mp3.url}`,
        speech.wav && `WAV: ${speech.wav.url}`,
        LINK_NOTE,
      ],
      data,
    );
  if (speech.status === 'failed')
    return result(
      [lead, `Speech ${speech.id} failed: ${speech.error ?? 'no reason given'}. Nothing was charged.`],
      data,
    );
  return result(
    [
      lead,
      `Speech ${speech.id} is ${speech.status}, ${percent(speech.progress)} done.`,
      `Call get_speech with id "${speech.id}" again in about ${POLL_SECONDS} seconds until the status is succeeded.`,
    ],
    data,
  );
}

const imageData = (image: ImageRecord) => ({
  id: image.id,
  status: image.status,
  engine: image.engine.label,
  width: image.width,
  height: image.height,
  seed: image.seed,
  creditsCharged: image.creditsCharged,
  url: image.url,
  error: image.error,
});

/** One image's status, link and next step. */
export function imageResult(image: ImageRecord): CallToolResult {
  const data = imageData(image);
  if (image.status === 'succeeded')
    return result(
      [
        `Image ${image.id} is ready: ${image.width}x${image.height}, made by ${image.engine.label} (seed ${image.seed}), ${credits(image.creditsCharged)} charged.`,
        image.url && `PNG: ${image.url}`,
        LINK_NOTE,
      ],
      data,
    );
  if (image.status === 'failed')
    return result([`Image ${image.id} failed: ${image.error ?? 'no reason given'}. Nothing was charged.`], data);
  return result(
    [
      `Image ${image.id} is ${image.status}.`,
      `Call get_image with id "${image.id}" again in about ${POLL_SECONDS} seconds until the status is succeeded.`,
    ],
    data,
  );
}

/** The images one generate_image request made: their ids and the next step. */
export function imageBatchResult(images: readonly ImageRecord[]): CallToolResult {
  const ids = images.map((image) => image.id);
  return result(
    [
      `Accepted ${images.length === 1 ? 'one image' : `${images.length} images`} on ${images[0]?.engine.label ?? 'the image engine'}: ${ids.map((id) => `"${id}"`).join(', ')}.`,
      `Call get_image with each id in about ${POLL_SECONDS} seconds until its status is succeeded; it then has a link to the PNG.`,
    ],
    { ids, images: images.map(imageData) },
  );
}

/** A written script: its narration (ready for create_video), title, length, cost and writer. */
export function scriptResult(script: ScriptRecord): CallToolResult {
  const narration = scriptNarration(script);
  const offline = script.engine.kind === 'builtin';
  return result(
    [
      `Script ${script.id}: "${script.titles[0] ?? 'Untitled'}", about ${formatDuration(script.durationSec)} spoken, written by ${script.engine.label}${offline ? ' (the offline writer: a template filled from the topic, no AI model)' : ''}, ${credits(script.creditsCharged)} charged.`,
      'Narration (pass it as the script of create_video, or edit it first):',
      '',
      narration,
    ],
    {
      id: script.id,
      title: script.titles[0] ?? null,
      narration,
      durationSec: script.durationSec,
      writer: script.engine.label,
      offline,
      creditsCharged: script.creditsCharged,
      description: script.description,
      hashtags: script.hashtags,
    },
  );
}

/** At most this many voices in one answer: a model needs a few to choose from, not the whole catalogue. */
export const VOICE_LIST_MAX = 25;

export interface VoiceFilter {
  /** A language tag ("en", "pt-BR") or a language name ("Portuguese"). */
  language?: string | undefined;
  engine?: string | undefined;
}

/** "en", "pt-BR": a language tag, matched by its subtags; anything else is a language's name ("Portuguese"). */
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

const matchesLanguage = (voice: Voice, language: string): boolean => {
  const wanted = language.trim().toLowerCase();
  const tag = voice.language.toLowerCase();
  if (LANGUAGE_TAG.test(wanted)) return tag === wanted || tag.startsWith(`${wanted}-`);
  return voice.languageName.toLowerCase().includes(wanted);
};

/**
 * The voices the server can use now, filtered, best-sounding first as the pickers list them, and the voice it reads
 * with when a request names none.
 */
export function voicesResult(answer: VoiceCatalogueAnswer, filter: VoiceFilter): CallToolResult {
  const usable = rankVoices(answer.voices, answer.configured).filter(
    (voice) =>
      isVoiceAvailable(voice, answer.configured) &&
      (!filter.language || matchesLanguage(voice, filter.language)) &&
      (!filter.engine || voice.engine === filter.engine),
  );
  const shown = usable.slice(0, VOICE_LIST_MAX).map((voice) => ({
    id: voice.id,
    name: voice.name,
    language: voice.language,
    languageName: voice.languageName,
    gender: voice.gender,
    quality: QUALITY_LABELS[voiceQuality(voice)],
  }));
  const lines = shown.map(
    (v) =>
      `${v.id}: ${v.name}, ${v.languageName} (${v.language}), ${v.gender}, ${v.quality}${v.id === answer.defaultVoiceId ? ', the default' : ''}`,
  );
  return result(
    [
      usable.length === 0
        ? 'No voice matches; call list_voices without filters to see every language.'
        : `${usable.length} ${usable.length === 1 ? 'voice matches' : 'voices match'}${usable.length > shown.length ? `; the first ${shown.length}, best-sounding first` : ', best-sounding first'}:`,
      ...lines,
      `Pass a voice's id as voiceId; without one, videos and speech use ${answer.defaultVoiceId}.`,
    ],
    { voices: shown, total: usable.length, defaultVoiceId: answer.defaultVoiceId },
  );
}

/** The account's credits: spendable now and held by running jobs. */
export function balanceResult(credits_: Credits): CallToolResult {
  return result(
    [
      `Balance: ${credits(credits_.balance)} to spend, ${credits(credits_.reserved)} held by jobs still running (returned if they fail).`,
    ],
    { ...credits_ },
  );
}

/** A batch's counts, each row's status and link, and the next step. `lead`: the line create_batch puts first. */
export function batchResult(batch: BatchRecord, lead?: string): CallToolResult {
  const { counts } = batch;
  const rows = batch.rows.map((row) => ({
    row: row.row,
    title: row.title,
    videoId: row.video?.id ?? null,
    status: row.video?.status ?? 'failed',
    videoUrl: row.video?.video?.url ?? null,
    error: row.error ?? row.video?.error ?? null,
  }));
  const data = { id: batch.id, name: batch.name, status: batch.status, counts, credits: batch.credits, rows };
  const running = counts.queued + counts.active;
  return result(
    [
      lead,
      `Batch ${batch.id} "${batch.name}": ${counts.succeeded} of ${counts.total} ready, ${running} being made, ${counts.failed} failed, ${counts.cancelled} cancelled; ${credits(batch.credits)} held or charged.`,
      ...rows.map(
        (row) =>
          `- Row ${row.row} (${row.status}): ${row.title}${row.videoUrl ? ` — MP4: ${row.videoUrl}` : ''}${row.error ? ` — ${row.error}` : ''}`,
      ),
      running > 0
        ? `Call get_batch with id "${batch.id}" again in about ${POLL_SECONDS * 3} seconds until every row has ended.`
        : 'Every row has ended.',
      counts.succeeded > 0 && LINK_NOTE,
    ],
    data,
  );
}
