import { Hono } from 'hono';
import { LedgerEntry, LedgerPage, LedgerQuery, MeResponse, ProfileSyncBody, ProfileSyncResponse } from '../../../contract/api.ts';
import { ledgerPage } from '../../credits/service.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { jsonBody, query } from '../../http/validate.ts';
import { storageUsage } from '../../storage/uploads.ts';
import { getProfile, profileFromToken, updateProfile } from './profiles.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../../http/context.ts';

type LedgerRow = Awaited<ReturnType<typeof ledgerPage>>['entries'][number];
const toEntry = (row: LedgerRow): LedgerEntry => ({
  id: String(row.id),
  kind: row.kind,
  delta: row.delta,
  reservedDelta: row.reservedDelta,
  reason: row.reason,
  jobId: row.jobId,
  createdAt: row.createdAt.toISOString(),
});

export function profileRoutes({ database, config }: ApiDeps) {
  return new Hono<AppEnv>()
    /** The profile itself exists already (requireProfile); this brings its name and photo up to date. */
    .post('/auth/auth', async (c) => {
      const body = await jsonBody(c, ProfileSyncBody);
      const user = c.get('user');
      if (body.uid !== user.uid) throw new HttpError(403, 'The profile does not belong to the signed-in user');
      // The body's e-mail is whatever the browser claims; the token's is the one Firebase vouches for.
      const { email } = profileFromToken(user);
      const result = { ...(await updateProfile(database, { ...body, email })), ...c.get('profileCreation') };
      return c.json(result satisfies ProfileSyncResponse, result.created ? 201 : 200);
    })
    .get('/me', async (c) => {
      const me = await getProfile(database.db, c.get('uid'));
      if (!me) throw notFound('Profile not found');
      const storage = await storageUsage(database.db, c.get('uid'), config.storageQuotaBytes);
      return c.json({ ...me, storage } satisfies MeResponse);
    })
    .get('/credits/ledger', async (c) => {
      const q = query(c, LedgerQuery);
      const page = await ledgerPage(database.db, c.get('uid'), q.limit, q.cursor);
      return c.json({ entries: page.entries.map(toEntry), nextCursor: page.nextCursor } satisfies LedgerPage);
    });
}
