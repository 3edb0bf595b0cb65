/**
 * PostgreSQL ends connections on its own (a restart, a failover, an administrator): the API must carry on with new
 * ones rather than crash on the idle connections it loses.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/server/config/index.ts';
import { type Database, openDatabase, rows } from '~/server/db/index.ts';
import { postgresTarget, type Target } from './support/databases.ts';

const selectOne = () => sql`select 1 as answer`;

const postgres = await postgresTarget();
if (typeof postgres === 'string') console.warn(postgres);

describe.skipIf(typeof postgres === 'string')('the PostgreSQL pool', () => {
  let target: Target;
  let database: Database;

  beforeAll(async () => {
    target = postgres as Target;
    database = await openDatabase(
      loadConfig({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl, LOG_LEVEL: 'silent' }),
    );
  });
  afterAll(async () => {
    await database?.close();
    await target?.dispose();
  });

  it('keeps answering after the server ends its idle connections', async () => {
    await Promise.all([1, 2, 3].map(() => rows(database.db, selectOne())));
    const admin = new pg.Client({ connectionString: target.databaseUrl });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    // The ended connections' errors arrive on the pool asynchronously; give them a moment before querying again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rows<{ answer: number }>(database.db, selectOne())).toEqual([{ answer: 1 }]);
  });
});
