/**
 * Script generator API. Generation runs inside the request (a chat model answers within the writer's timeout,
 * the built-in writer at once) and is charged through a credit hold (credits/holds.ts spendHold): reserved before
 * writing, captured with the saved script in one transaction, released when anything in between fails, and
 * released by the workers' sweep if the process dies in between. A writer failure answers 424 with a message for the
 * user; it is not a 5xx, because the browser client would retry a 5xx on the fallback host and hide the message.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { scriptContentSchema, scriptRequestSchema, type ScriptPage, type ScriptRecord } from '../../../contract/scripts.ts';
import { scriptCost } from '../../../contract/pricing.ts';
import { spendHold } from '../../credits/holds.ts';
import { notFound } from '../../http/errors.ts';
import { jsonBody, query } from '../../http/validate.ts';
import { createScriptWriter, type ScriptWriter } from '../../providers/llm/scriptWriter.ts';
import { HistoryQuery } from '../../db/paging.ts';
import { ProviderError } from '../../providers/http.ts';
import { deleteScript, getScript, insertScript, listScripts, updateScript } from './store.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../../http/context.ts';

export function scriptRoutes({ config, database }: ApiDeps, writer: ScriptWriter = createScriptWriter(config.llm)) {
  return new Hono<AppEnv>()
    .post('/scripts', async (c) => {
      const request = await jsonBody(c, scriptRequestSchema);
      const uid = c.get('uid');
      const id = randomUUID();
      const cost = scriptCost();
      const hold = { uid, key: `script:${id}`, amount: cost, reason: 'Script generation' };
      let record: ScriptRecord;
      try {
        record = await spendHold(
          database,
          hold,
          () => writer.write(request, c.req.raw.signal),
          (tx, { engine, durationSec: _derived, ...content }) => insertScript(tx, { id, uid, request, engine, content, cost }),
        );
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        c.get('log').warn({ kind: error.kind, status: error.status, detail: error.detail }, 'script writer failed');
        return c.json({ error: `${error.message} No credits were charged.` }, 424);
      }
      return c.json(record satisfies ScriptRecord, 201);
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
