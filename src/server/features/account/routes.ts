import { Hono } from 'hono';
import {
  type AccountNotice,
  LedgerFilter,
  type LedgerLinePage,
  LedgerQuery,
  type MeResponse,
  ProfileSyncBody,
  type ProfileSyncResponse,
} from '~/contract/api.ts';
import { isAdmin } from '~/server/auth/admin.ts';
import { ledgerCsvResponse } from '~/server/credits/export.ts';
import { ledgerLinePage } from '~/server/credits/lines.ts';
import { ledgerPage } from '~/server/credits/service.ts';
import type { Db } from '~/server/db/index.ts';
import type { ApiDeps } from '~/server/features/deps.ts';
import type { AppEnv } from '~/server/http/context.ts';
import { HttpError, notFound } from '~/server/http/errors.ts';
import { jsonBody, query } from '~/server/http/validate.ts';
import { storageUsage } from '~/server/storage/uploads.ts';
import { ledgerSubjects } from './ledger-subjects.ts';
import { getProfile, profileFromToken, updateProfile } from './profiles.ts';

/** What another feature wants the user told on every screen (GET /me's `notices`); app.ts hands them in. */
export type NoticeSource = (db: Db, uid: string) => Promise<AccountNotice[]>;

/**
 * `onChanged`: the account's name or photo may have changed (npm start saves the emulator's accounts then).
 * `notices`: the features that may have something for the user to act on.
 */
export function profileRoutes(
  { database, config, log }: ApiDeps,
  onChanged?: () => Promise<void>,
  notices: readonly NoticeSource[] = [],
) {
  const subjects = ledgerSubjects(database.db);
  return (
    new Hono<AppEnv>()
      /** The profile itself exists already (requireProfile); this brings its name and photo up to date. */
      .post('/auth/auth', async (c) => {
        const body = await jsonBody(c, ProfileSyncBody);
        const user = c.get('user');
        if (body.uid !== user.uid) throw new HttpError(403, 'The profile does not belong to the signed-in user');
        // The body's e-mail is whatever the browser claims; the token's is the one Firebase vouches for.
        const { email } = profileFromToken(user);
        const result = { ...(await updateProfile(database, { ...body, email })), ...c.get('profileCreation') };
        // Not awaited: a sign-in does not wait for the save, which a crash in the next moment could at worst miss.
        void onChanged?.().catch((err: unknown) => log.warn({ err }, 'saving the Auth emulator accounts failed'));
        return c.json(result satisfies ProfileSyncResponse, result.created ? 201 : 200);
      })
      .get('/me', async (c) => {
        const me = await getProfile(database.db, c.get('uid'));
        if (!me) throw notFound('Profile not found');
        const [storage, ...noticeLists] = await Promise.all([
          storageUsage(database.db, c.get('uid'), config.storageQuotaBytes),
          ...notices.map((source) => source(database.db, c.get('uid'))),
        ]);
        return c.json({
          ...me,
          storage,
          admin: isAdmin(c.get('user'), config.adminEmails),
          notices: noticeLists.flat(),
        } satisfies MeResponse);
      })
      .get('/credits/ledger', async (c) => c.json(await ledgerPage(database.db, c.get('uid'), query(c, LedgerQuery))))
      .get('/credits/ledger/lines', async (c) =>
        c.json(
          (await ledgerLinePage(database.db, c.get('uid'), subjects, query(c, LedgerQuery))) satisfies LedgerLinePage,
        ),
      )
      .get('/credits/ledger.csv', (c) =>
        ledgerCsvResponse(c, database.db, c.get('uid'), query(c, LedgerFilter).category),
      )
  );
}
