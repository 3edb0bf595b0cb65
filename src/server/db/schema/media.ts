/**
 * Feature entities. Their behaviour belongs to the feature teams; the columns here are the agreed starting point.
 * Add columns or tables in a new file next to this one, then run `npx drizzle-kit generate`.
 */
import { index, integer, jsonb, pgTable, real, text, uuid } from 'drizzle-orm/pg-core';
import { files } from './files.ts';
import { jobs } from './jobs.ts';
import { ts, users } from './users.ts';

const owner = () => text('uid').notNull().references(() => users.uid, { onDelete: 'cascade' });
const job = () => uuid('job_id').references(() => jobs.id, { onDelete: 'set null' });
const file = (name: string) => uuid(name).references(() => files.id, { onDelete: 'set null' });

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

export const videos = pgTable(
  'videos',
  {
    ...generation(),
    stage: text('stage'),
    progress: real('progress').notNull().default(0),
    title: text('title'),
    script: text('script').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    voice: text('voice'),
    aspect: text('aspect'),
    resolution: text('resolution'),
    durationMs: integer('duration_ms'),
    videoFileId: file('video_file_id'),
    thumbnailFileId: file('thumbnail_file_id'),
    subtitlesFileId: file('subtitles_file_id'),
  },
  (t) => [index('videos_uid_created').on(t.uid, t.createdAt)],
);

export const scripts = pgTable(
  'scripts',
  {
    ...generation(),
    prompt: text('prompt').notNull(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
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
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
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
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    fileId: file('file_id'),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [index('images_uid_created').on(t.uid, t.createdAt)],
);
