/**
 * Feature entities. Their behaviour belongs to the feature teams; the columns here are the agreed starting point.
 * Add columns or tables in a new file next to this one, then run `npx drizzle-kit generate`.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import type { BrandSnapshot } from '~/contract/brand.ts';
import type { ImageRecord, ImageRequest } from '~/contract/images.ts';
import type { ScriptEngine, ScriptRequest } from '~/contract/scripts.ts';
import type { SpeechRecord, SpeechRequest } from '~/contract/speech.ts';
import type { StoryboardScene, StoryboardStatus } from '~/contract/storyboard.ts';
import type {
  CaptionOptions,
  CreateVideoRequest,
  ScenePicture,
  StockCredit,
  VideoSettings,
  VisualOrder,
} from '~/contract/video.ts';
import { files } from './files.ts';
import { jobs } from './jobs.ts';
import { ts, users } from './users.ts';

const owner = () =>
  text('uid')
    .notNull()
    .references(() => users.uid, { onDelete: 'cascade' });
const job = () => uuid('job_id').references(() => jobs.id, { onDelete: 'set null' });
const file = (name: string) => uuid(name).references(() => files.id, { onDelete: 'set null' });

/**
 * What a row keeps beyond its own columns, typed so the stores read it without casts. Every insert writes it whole
 * (it was validated on the way in); the empty-object default is the one the tables were created with.
 */
const options = <T>() => jsonb('options').$type<T>().notNull().default(sql`'{}'::jsonb`);

/** The request's choices, and the finished video's size (from the job). */
export interface VideoOptions extends Pick<CreateVideoRequest, 'captions' | 'visuals' | 'imageFileIds'> {
  /** Without a track on videos made before the choice existed: those had DEFAULT_MUSIC_TRACK. */
  music: Omit<CreateVideoRequest['music'], 'track'> &
    Partial<Pick<CreateVideoRequest['music'], 'track'>> & {
      /** The uploaded track's name, kept for the video page. */ fileName?: string | null;
    };
  width?: number;
  height?: number;
  /** Absent on videos made before the choice existed: those had designed backgrounds only. */
  visualOrder?: VisualOrder;
  /** Written with the finished video. */
  stockCredits?: StockCredit[];
  /** Written with the finished video: what each scene's picture was. */
  pictures?: ScenePicture[];
  /** Absent on videos made before the choice existed: those had DEFAULT_CAPTION_OPTIONS. */
  captionOptions?: CaptionOptions;
  /** A storyboard render's scenes as rendered, so a retry renders the same ones. */
  scenes?: StoryboardScene[];
  /** Absent on videos made before clips: those were muted (and had images only). */
  clipAudio?: CreateVideoRequest['clipAudio'];
  /** The brand kit as it was when the video was accepted; absent when the video has none. */
  brand?: BrandSnapshot;
}

/** The validated request and the engine that wrote the script. */
export interface ScriptOptions {
  request: ScriptRequest;
  engine: ScriptEngine;
}

/** The MP3's id and the sample rate arrive with the finished audio. */
export interface SpeechOptions
  extends Pick<SpeechRequest, 'speed' | 'pitch'>,
    Pick<SpeechRecord, 'voiceName' | 'engine'> {
  mp3FileId?: string;
  sampleRate?: number;
}

/** One image of a batch: its place in it, and the seed actually used (drawn when the request left it out). */
export interface ImageOptions
  extends Pick<ImageRequest, 'negativePrompt' | 'aspect' | 'style'>,
    Pick<ImageRecord, 'batchId' | 'engine'> {
  index: number;
  seed: number;
}

/** What every generated thing has: its owner, the job making it, where it stands, what it cost and when. */
const generation = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  uid: owner(),
  jobId: job(),
  status: text('status').notNull().default('queued'),
  error: text('error'),
  cost: integer('cost').notNull().default(0),
  createdAt: ts('created_at'),
  updatedAt: ts('updated_at'),
});

/**
 * A video's scenes as the user shapes them before (and between) renders. `version` grows with every save so a stale
 * editor cannot overwrite a newer one; `videoId` is the latest render's video.
 */
export const storyboards = pgTable(
  'storyboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: owner(),
    version: integer('version').notNull().default(1),
    status: text('status').$type<StoryboardStatus>().notNull().default('draft'),
    settings: jsonb('settings').$type<VideoSettings>().notNull(),
    scenes: jsonb('scenes').$type<StoryboardScene[]>().notNull(),
    videoId: uuid('video_id').references((): AnyPgColumn => videos.id, { onDelete: 'set null' }),
    createdAt: ts('created_at'),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('storyboards_uid_created').on(t.uid, t.createdAt)],
);

export const videos = pgTable(
  'videos',
  {
    ...generation(),
    /** Set when the video was rendered from a storyboard. */
    storyboardId: uuid('storyboard_id').references((): AnyPgColumn => storyboards.id, { onDelete: 'set null' }),
    stage: text('stage'),
    progress: real('progress').notNull().default(0),
    title: text('title'),
    script: text('script').notNull(),
    options: options<VideoOptions>(),
    voice: text('voice'),
    aspect: text('aspect'),
    resolution: text('resolution'),
    durationMs: integer('duration_ms'),
    videoFileId: file('video_file_id'),
    thumbnailFileId: file('thumbnail_file_id'),
    subtitlesFileId: file('subtitles_file_id'),
    /** The same cues as the SRT, as WebVTT; null on videos made before it was written. */
    captionsVttFileId: file('captions_vtt_file_id'),
  },
  (t) => [index('videos_uid_created').on(t.uid, t.createdAt)],
);

export const scripts = pgTable(
  'scripts',
  {
    ...generation(),
    prompt: text('prompt').notNull(),
    options: options<ScriptOptions>(),
    content: text('content'),
  },
  (t) => [index('scripts_uid_created').on(t.uid, t.createdAt)],
);

export const speech = pgTable(
  'speech',
  {
    ...generation(),
    text: text('text').notNull(),
    voice: text('voice').notNull(),
    options: options<SpeechOptions>(),
    audioFileId: file('audio_file_id'),
    durationMs: integer('duration_ms'),
  },
  (t) => [index('speech_uid_created').on(t.uid, t.createdAt)],
);

export const images = pgTable(
  'images',
  {
    ...generation(),
    prompt: text('prompt').notNull(),
    options: options<ImageOptions>(),
    fileId: file('file_id'),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [index('images_uid_created').on(t.uid, t.createdAt)],
);
