/**
 * Script generator API. A writer failure answers 424 with a message for the user; it is not a 5xx, because the
 * browser client would retry a 5xx on the fallback host and hide the message.
 */
import { Hono } from 'hono';
import {
  type ScriptPage,
  type ScriptRecord,
  type ScriptWriterAnswer,
  scriptContentSchema,
  scriptRequestSchema,
} from '~/contract/scripts.ts';
import { HistoryQuery } from '~/server/db/paging.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { notFound } from '~/server/http/errors.ts';
import { idempotent } from '~/server/http/idempotency.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { createScriptWriter, type ScriptWriter } from '~/server/providers/llm/scriptWriter.ts';
import { writeScript } from './service.ts';
import { deleteScript, getScript, listScripts, updateScript } from './store.ts';

export function scriptRoutes(
  { config, database, idempotency }: ApiDeps,
  writer: ScriptWriter = createScriptWriter(config.llm),
) {
  return new Hono<AppEnv>()
    .get('/scripts/writer', (c) => c.json({ engine: writer.engine } satisfies ScriptWriterAnswer))
    .post('/scripts', idempotent(idempotency), async (c) => {
      const request = await jsonBody(c, scriptRequestSchema);
      const written = await writeScript(database, writer, c.get('uid'), request, c.req.raw.signal);
      if (written.ok) return c.json(written.record satisfies ScriptRecord, 201);
      c.get('log').warn(written.failure, 'script writer failed');
      return c.json({ error: written.message }, 424);
    })
    .get('/scripts', async (c) => {
      const q = query(c, HistoryQuery);
      return c.json((await listScripts(database.db, c.get('uid'), q.limit, q.cursor)) satisfies ScriptPage);
    })
    .get('/scripts/:id', async (c) => {
      const record = await getScript(database.db, c.get('uid'), c.req.param('id'));
      if (!record) throw notFound('Script not found');
      return c.json(record satisfies ScriptRecord);
    })
    .put('/scripts/:id', async (c) => {
      const content = await jsonBody(c, scriptContentSchema);
      const record = await updateScript(database.db, c.get('uid'), c.req.param('id'), content);
      if (!record) throw notFound('Script not found');
      return c.json(record satisfies ScriptRecord);
    })
    .delete('/scripts/:id', async (c) => {
      if (!(await deleteScript(database.db, c.get('uid'), c.req.param('id')))) throw notFound('Script not found');
      return c.body(null, 204);
    });
}
