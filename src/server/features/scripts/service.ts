/**
 * Writing a script. Generation runs inside the request (a chat model answers within the writer's timeout, the
 * built-in writer at once) and is paid through a credit hold (credits/holds.ts spendHold): reserved before writing,
 * captured with the saved script in one transaction, released when anything in between fails, and released by the
 * workers' sweep if the process dies in between.
 */
import { randomUUID } from 'node:crypto';
import { scriptCost } from '../../../contract/pricing.ts';
import type { ScriptRecord, ScriptRequest } from '../../../contract/scripts.ts';
import { spendHold } from '../../credits/holds.ts';
import type { Database } from '../../db/index.ts';
import { ProviderError } from '../../providers/http.ts';
import type { ScriptWriter } from '../../providers/llm/scriptWriter.ts';
import { insertScript } from './store.ts';

export type WrittenScript =
  | { ok: true; record: ScriptRecord }
  /** The writer failed for a reason the user can act on; nothing was charged. */
  | { ok: false; message: string; failure: Pick<ProviderError, 'kind' | 'status' | 'detail'> };

export async function writeScript(database: Database, writer: ScriptWriter, uid: string, request: ScriptRequest, signal: AbortSignal): Promise<WrittenScript> {
  const id = randomUUID();
  const cost = scriptCost();
  const hold = { uid, key: `script:${id}`, amount: cost, reason: 'Script generation' };
  try {
    const record = await spendHold(
      database,
      hold,
      () => writer.write(request, signal),
      (tx, { engine, durationSec: _derived, ...content }) => insertScript(tx, { id, uid, request, engine, content, cost }),
    );
    return { ok: true, record };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { ok: false, message: `${error.message} No credits were charged.`, failure: { kind: error.kind, status: error.status, detail: error.detail } };
  }
}
