/**
 * The database targets every API suite runs on: PGlite in a temporary DATA_DIR always, PostgreSQL when
 * 127.0.0.1:5432 answers (a throwaway database per run, dropped afterwards).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface Target {
  name: 'pglite' | 'postgres';
  dataDir: string;
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function pgliteTarget(): Promise<Target> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nxn-api-'));
  return {
    name: 'pglite',
    dataDir,
    databaseUrl: undefined,
    dispose: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}

/** Undefined (with the reason) when no PostgreSQL is reachable. */
export async function postgresTarget(): Promise<Target | string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch (error) {
    return `PostgreSQL suite skipped: ${ADMIN_URL} is not reachable (${(error as Error).message})`;
  }
  const name = `nxn_api_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nxn-api-pg-'));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name: 'postgres',
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** PGlite, and PostgreSQL when it answers (the reason it was skipped is printed otherwise): for `describe.each`. */
export async function databaseTargets(): Promise<[string, () => Promise<Target>][]> {
  const postgres = await postgresTarget();
  if (typeof postgres === 'string') console.warn(postgres);
  return typeof postgres === 'string'
    ? [['PGlite', pgliteTarget]]
    : [
        ['PGlite', pgliteTarget],
        ['PostgreSQL', async () => postgres],
      ];
}
