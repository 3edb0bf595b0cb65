/**
 * Opens the one database every role uses: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite under
 * DATA_DIR. Both get the same drizzle migrations before anything else touches them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db as IDatabase } from 'pg-boss';
import { acquireLock } from './lock.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  driver: 'pglite' | 'postgres';
  db: Db;
  /** Runs `fn` in a transaction. Keep it short: on PGlite every transaction waits for the previous one. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** How pg-boss reaches the same database: its own pool on PostgreSQL, an adapter over the one PGlite client. */
  queueConnection: { backend: 'pglite'; db: IDatabase } | { backend: 'postgres'; connectionString: string };
  /** db reachable and every migration in drizzle/ applied. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../drizzle', import.meta.url));
const MIGRATIONS_TABLE = { schema: 'drizzle', table: '__drizzle_migrations' } as const;
/** Any fixed number: concurrent API replicas serialise their migration run on it. */
const MIGRATION_ADVISORY_LOCK = 727_001;

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Pool size for PostgreSQL; ignored on PGlite (one connection by nature). */
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir);
}

const expectedMigrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).length;

/** Both drivers answer raw SQL with `{ rows }`; the shared drizzle type cannot know that. */
export async function rows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function appliedMigrations(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return Number(row?.n ?? 0);
}

const readyCheck = (db: Db) => async (): Promise<boolean> => {
  try {
    return (await appliedMigrations(db)) >= expectedMigrations;
  } catch {
    return false;
  }
};

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  const release = acquireLock(path.join(dataDir, 'pglite.lock'));
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: MIGRATIONS_TABLE.schema });

  // PGlite is a single connection: transactions are serialised through this one queue so a long-waiting caller
  // never interleaves statements with another caller's transaction.
  let tail: Promise<unknown> = Promise.resolve();
  const transaction = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> => {
    const run = tail.then(() => db.transaction(fn));
    tail = run.catch(() => undefined);
    return run;
  };

  // pg-boss sends parameterised single statements and unparameterised multi-statement scripts; for the latter it
  // expects the rows of every statement, in order (it looks for e.g. an advisory-lock row before its claim).
  const queueDb: IDatabase = {
    async executeSql(text, values) {
      if (values?.length) return { rows: (await client.query(text, values)).rows as unknown[] };
      return { rows: (await client.exec(text)).flatMap((result) => result.rows) as unknown[] };
    },
  };

  return {
    driver: 'pglite',
    db,
    transaction,
    queueConnection: { backend: 'pglite', db: queueDb },
    ready: readyCheck(db),
    async close() {
      await tail;
      await client.close();
      release();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection the server ends (a restart, a failover, a dropped database) is discarded by the pool and the
  // next query opens a new one; unheard, pg would throw it out of the process instead.
  pool.on('error', () => undefined);
  const db = drizzleNodePg(pool) as unknown as Db;

  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK]);
    await migrateNodePg(drizzleNodePg(client), {
      migrationsFolder: MIGRATIONS_DIR,
      migrationsSchema: MIGRATIONS_TABLE.schema,
    });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK]).catch(() => undefined);
    client.release();
  }

  return {
    driver: 'postgres',
    db,
    transaction: (fn) => db.transaction(fn),
    queueConnection: { backend: 'postgres', connectionString: url },
    ready: readyCheck(db),
    close: () => pool.end(),
  };
}
