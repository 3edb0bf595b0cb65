/**
 * An endpoint turned off after failing is something its owner must hear about wherever they are in the app, not
 * only on the Developers screen: GET /me carries one notice per such endpoint until it is turned on or deleted.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { AccountNotice } from '~/contract/api.ts';
import type { Db } from '~/server/db/index.ts';
import { webhookEndpoints } from '~/server/db/schema/developers.ts';

export async function turnedOffEndpointNotices(db: Db, uid: string): Promise<AccountNotice[]> {
  const rows = await db
    .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.uid, uid), isNotNull(webhookEndpoints.disabledReason)));
  return rows.map((row) => ({
    id: `webhook-endpoint-off:${row.id}`,
    text: `Your webhook endpoint ${row.url} was turned off after failing for about a day. Fix the receiver, then turn it on again.`,
    href: '/account/developers',
  }));
}
