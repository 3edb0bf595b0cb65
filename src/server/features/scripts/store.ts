/**
 * Saved script generations, in the shared `scripts` table: `prompt` is the topic, `options` the validated request
 * and the engine that wrote it, `content` the script as JSON. Every read is scoped to its owner, so another user's
 * id behaves exactly like a missing one.
 */
import { and, eq } from 'drizzle-orm';
import { isUuid } from '~/contract/ids.ts';
import {
  retimeScript,
  type ScriptContent,
  type ScriptEngine,
  type ScriptRecord,
  type ScriptRequest,
  type ScriptSummary,
  scriptContentSchema,
  scriptEngineSchema,
  scriptRequestSchema,
} from '~/contract/scripts.ts';
import type { Db, Tx } from '~/server/db/index.ts';
import { cutPage, pageOf } from '~/server/db/paging.ts';
import { type ScriptOptions, scripts } from '~/server/db/schema/media.ts';

type ScriptRow = typeof scripts.$inferSelect;

function readRow(row: ScriptRow): { options: ScriptOptions; content: ScriptContent } {
  return {
    options: {
      request: scriptRequestSchema.parse(row.options.request),
      engine: scriptEngineSchema.parse(row.options.engine),
    },
    content: scriptContentSchema.parse(JSON.parse(row.content ?? '{}')),
  };
}

export function toRecord(row: ScriptRow): ScriptRecord {
  const { options, content } = readRow(row);
  return {
    id: row.id,
    ...retimeScript(content),
    engine: options.engine,
    request: options.request,
    creditsCharged: row.cost,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSummary(row: ScriptRow): ScriptSummary {
  const record = toRecord(row);
  return {
    id: record.id,
    title: record.titles[0] ?? record.request.topic,
    topic: record.request.topic,
    platform: record.request.platform,
    durationSec: record.durationSec,
    engine: record.engine,
    createdAt: record.createdAt,
  };
}

export async function insertScript(
  tx: Tx,
  script: {
    id: string;
    uid: string;
    request: ScriptRequest;
    engine: ScriptEngine;
    content: ScriptContent;
    cost: number;
  },
): Promise<ScriptRecord> {
  const [row] = await tx
    .insert(scripts)
    .values({
      id: script.id,
      uid: script.uid,
      status: 'succeeded',
      prompt: script.request.topic,
      options: { request: script.request, engine: script.engine },
      content: JSON.stringify(script.content),
      cost: script.cost,
    })
    .returning();
  if (!row) throw new Error('Script insert returned no row');
  return toRecord(row);
}

export async function getScript(db: Db, uid: string, id: string): Promise<ScriptRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(scripts)
    .where(and(eq(scripts.id, id), eq(scripts.uid, uid)));
  return row ? toRecord(row) : undefined;
}

export async function listScripts(db: Db, uid: string, limit: number, cursor: string | undefined) {
  const { where, orderBy } = pageOf(scripts, uid, cursor);
  const rows = await db
    .select()
    .from(scripts)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit + 1);
  const page = cutPage(rows, limit);
  return { items: page.rows.map(toSummary), nextCursor: page.nextCursor };
}

/** Saves an edited script; timings are recomputed from the words, whatever the client sent. */
export async function updateScript(
  db: Db,
  uid: string,
  id: string,
  content: ScriptContent,
): Promise<ScriptRecord | undefined> {
  if (!isUuid(id)) return undefined;
  const { durationSec: _derived, ...timed } = retimeScript(content);
  const [row] = await db
    .update(scripts)
    .set({ content: JSON.stringify(timed), updatedAt: new Date() })
    .where(and(eq(scripts.id, id), eq(scripts.uid, uid)))
    .returning();
  return row ? toRecord(row) : undefined;
}

export async function deleteScript(db: Db, uid: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .delete(scripts)
    .where(and(eq(scripts.id, id), eq(scripts.uid, uid)))
    .returning({ id: scripts.id });
  return rows.length > 0;
}
