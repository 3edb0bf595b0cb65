/** The ledger as a CSV download, streamed page by page (the billing page's export and the operator console's). */
import type { Context } from 'hono';
import { type LedgerCategory, ledgerCsvFileName, ledgerCsvHeader, ledgerCsvLine } from '~/contract/ledger.ts';
import type { Db } from '~/server/db/index.ts';
import { ledgerEntries } from './service.ts';

export function ledgerCsvResponse(c: Context, db: Db, uid: string, category: LedgerCategory | undefined): Response {
  const pages = ledgerEntries(db, uid, category);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // A byte-order mark, so spreadsheet programs read the descriptions as UTF-8.
      controller.enqueue(encoder.encode(`\uFEFF${ledgerCsvHeader()}`));
    },
    async pull(controller) {
      const next = await pages.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value.map(ledgerCsvLine).join('')));
    },
    async cancel() {
      await pages.return(undefined);
    },
  });
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${ledgerCsvFileName(new Date(), category)}"`,
    'Cache-Control': 'no-store',
  });
}
