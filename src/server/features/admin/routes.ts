import { Hono } from 'hono';
import {
  AdminCreditBody,
  type AdminUserDetail,
  type AdminUserList,
  AdminUserSearch,
  type CreditAudit,
} from '~/contract/admin.ts';
import { LedgerFilter, LedgerQuery } from '~/contract/api.ts';
import { requireAdmin } from '~/server/auth/admin.ts';
import { auditCredits } from '~/server/credits/audit.ts';
import { ledgerCsvResponse } from '~/server/credits/export.ts';
import { getAccount, ledgerPage } from '~/server/credits/service.ts';
import { findProfile } from '~/server/db/profiles.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { notFound } from '~/server/http/errors.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { toJob } from '~/server/jobs/lifecycle.ts';
import { changeCredits } from './service.ts';
import { searchUsers } from './store.ts';

const RECENT_JOBS = 10;

/** The operator console's API. Every path sits under /admin/ behind requireAdmin: a 404 for anyone else. */
export function adminRoutes({ database, config, queue }: ApiDeps) {
  const db = database.db;
  /** 404 for a uid with no profile, as for any record that does not exist. */
  const existing = async (uid: string) => {
    const profile = await findProfile(db, uid);
    if (!profile) throw notFound('No such user');
    return profile;
  };
  return (
    new Hono<AppEnv>()
      .use('/admin/*', requireAdmin(config))
      // Every account against its ledger and its holds' owners; read-only, so running it is always safe.
      .get('/admin/audit', async (c) => c.json((await auditCredits(database)) satisfies CreditAudit))
      .get('/admin/users', async (c) =>
        c.json({ users: await searchUsers(db, query(c, AdminUserSearch).q) } satisfies AdminUserList),
      )
      .get('/admin/users/:uid', async (c) => {
        const uid = c.req.param('uid');
        const profile = await existing(uid);
        const jobs = await queue.list(uid, RECENT_JOBS);
        return c.json({
          profile,
          credits: await getAccount(db, uid),
          jobs: jobs.jobs.map(toJob),
        } satisfies AdminUserDetail);
      })
      .get('/admin/users/:uid/ledger', async (c) => {
        const uid = (await existing(c.req.param('uid'))).uid;
        return c.json(await ledgerPage(db, uid, query(c, LedgerQuery)));
      })
      .get('/admin/users/:uid/ledger.csv', async (c) => {
        const uid = (await existing(c.req.param('uid'))).uid;
        return ledgerCsvResponse(c, db, uid, query(c, LedgerFilter).category);
      })
      .post('/admin/users/:uid/credits', async (c) => {
        const uid = c.req.param('uid');
        const body = await jsonBody(c, AdminCreditBody);
        const result = await changeCredits(database, {
          uid,
          ...body,
          operator: c.get('uid'),
          requestKey: body.idempotencyKey,
        });
        c.get('log').info(
          { target: uid, action: body.action, credits: body.credits, applied: result.applied },
          'operator credit change',
        );
        return c.json(result);
      })
  );
}
