/**
 * Writing a script. Generation runs inside the request (a chat model answers within the writer's timeout, the
 * built-in writer at once) and is paid through a credit hold (credits/holds.ts spendHold): reserved before writing,
 * captured with the saved script in one transaction, released when anything in between fails, and released by the
 * workers' sweep if the process dies in between. The built-in writer's scripts are free previews (pricing.ts) and
 * hold nothing.
 */
import { randomUUID } from 'node:crypto';
import { scriptCost } from '~/contract/pricing.ts';
import type { ScriptRecord, ScriptRequest, ScriptResult } from '~/contract/scripts.ts';
import { spendHold } from '~/server/credits/holds.ts';
import type { Database, Tx } from '~/server/db/index.ts';
import { ProviderError } from '~/server/providers/http.ts';
import type { ScriptWriter } from '~/server/providers/llm/scriptWriter.ts';
import { insertScript } from './store.ts';

export type WrittenScript =
  | { ok: true; record: ScriptRecord }
  /** The writer failed for a reason the user can act on; nothing was charged. */
  | { ok: false; message: string; failure: Pick<ProviderError, 'kind' | 'status' | 'detail'> };

export async function writeScript(
  database: Database,
  writer: ScriptWriter,
  uid: string,
  request: ScriptRequest,
  signal: AbortSignal,
): Promise<WrittenScript> {
  const id = randomUUID();
  const cost = scriptCost(writer.engine.kind);
  const write = () => writer.write(request, signal);
  const save = (tx: Tx, { engine, durationSec: _derived, ...content }: ScriptResult) =>
    insertScript(tx, { id, uid, request, engine, content, cost });
  try {
    // The built-in writer's free preview holds nothing, so the ledger (and /billing) gets no zero-credit rows.
    const record =
      cost === 0
        ? await write().then((result) => database.transaction((tx) => save(tx, result)))
        : await spendHold(
            database,
            { uid, key: `script:${id}`, amount: cost, reason: 'Script generation' },
            write,
            save,
          );
    return { ok: true, record };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return {
      ok: false,
      message: `${error.message} No credits were charged.`,
      failure: { kind: error.kind, status: error.status, detail: error.detail },
    };
  }
}
