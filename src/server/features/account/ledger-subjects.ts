/**
 * What each line of the billing page's ledger is about, read from the rows its group key names: the job's video,
 * voice-over, image or watermark removal (through the job's payload, which keeps pointing at its record after a
 * retry), the GPU rental, the script, the purchase's pack. Read-only SQL over other features' tables, as analytics
 * does; no feature is imported.
 */
import { sql } from 'drizzle-orm';
import { ledgerSource } from '~/contract/analytics.ts';
import { startedMinutes } from '~/contract/gpu.ts';
import type { LineSubject } from '~/contract/ledger.ts';
import { findPack } from '~/contract/payments.ts';
import type { LineSubjects } from '~/server/credits/lines.ts';
import { type Db, rows } from '~/server/db/index.ts';

/** The id part of `job:<id>`, `gpu:<id>`, `script:<id>`, `stripe:<session>[:refund:<amount>]`. */
const idsOf = (keys: readonly string[], prefix: string): string[] => [
  ...new Set(keys.filter((key) => key.startsWith(`${prefix}:`)).map((key) => key.split(':')[1]!)),
];
const list = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const NAMED_SOURCES = ['videos', 'speech', 'images', 'watermark'] as const;

export function ledgerSubjects(db: Db, now: () => Date = () => new Date()): LineSubjects {
  return async (uid, keys) => {
    const found = new Map<string, LineSubject>();
    const jobIds = idsOf(keys, 'job');
    if (jobIds.length > 0) {
      const jobs = await rows<{ id: string; kind: string; name: string | null }>(
        db,
        sql`select j.id::text as id, j.kind,
              coalesce((select coalesce(v.title, v.script) from videos v where v.uid = j.uid and v.id::text = j.payload->>'videoId'),
                       (select w.name from watermark_removals w where w.uid = j.uid and w.id::text = j.payload->>'removalId'),
                       j.payload->>'text', j.payload->>'prompt') as name
            from jobs j where j.uid = ${uid} and j.id::text in (${list(jobIds)})`,
      );
      for (const job of jobs) {
        const source = ledgerSource({ jobKind: job.kind, keyPrefix: null });
        if ((NAMED_SOURCES as readonly string[]).includes(source))
          found.set(`job:${job.id}`, { source: source as (typeof NAMED_SOURCES)[number], name: job.name });
      }
    }
    const rentalIds = idsOf(keys, 'gpu');
    if (rentalIds.length > 0) {
      const rentals = await rows<{
        id: string;
        gpu_count: number;
        gpu_model: string;
        run_minutes: number;
        running_since: string | Date | null;
      }>(
        db,
        sql`select id::text as id, gpu_count, gpu_model, run_minutes, running_since from gpu_rentals where uid = ${uid} and id::text in (${list(rentalIds)})`,
      );
      for (const rental of rentals) {
        const open = rental.running_since
          ? startedMinutes(now().getTime() - new Date(rental.running_since).getTime())
          : 0;
        found.set(`gpu:${rental.id}`, {
          source: 'gpu',
          gpuCount: rental.gpu_count,
          gpuModel: rental.gpu_model,
          minutes: rental.run_minutes + open,
        });
      }
    }
    const scriptIds = idsOf(keys, 'script');
    if (scriptIds.length > 0) {
      const scripts = await rows<{ id: string; prompt: string }>(
        db,
        sql`select id::text as id, prompt from scripts where uid = ${uid} and id::text in (${list(scriptIds)})`,
      );
      for (const script of scripts) found.set(`script:${script.id}`, { source: 'scripts', name: script.prompt });
    }
    const sessions = idsOf(keys, 'stripe');
    if (sessions.length > 0) {
      // A purchase credited before its session was known is keyed by the purchase's own id.
      const purchases = await rows<{ session_id: string | null; id: string; pack_id: string }>(
        db,
        sql`select session_id, id::text as id, pack_id from purchases where uid = ${uid} and (session_id in (${list(sessions)}) or id::text in (${list(sessions)}))`,
      );
      const packOf = new Map(
        purchases.flatMap((p) => [
          [p.id, p.pack_id] as const,
          ...(p.session_id ? [[p.session_id, p.pack_id] as const] : []),
        ]),
      );
      for (const key of keys.filter((k) => k.startsWith('stripe:'))) {
        const packId = packOf.get(key.split(':')[1]!);
        if (packId) found.set(key, { source: 'payments', packName: findPack(packId)?.name ?? 'Credit' });
      }
    }
    return found;
  };
}
