/**
 * `batch.completed` exactly once each time a batch goes from having open rows to having none, on PGlite and on
 * PostgreSQL (where transactions really run at once): the last two rows of several batches ending at the same moment
 * (their videos cancelled by concurrent requests) complete each batch once, and so do two settles of one ending
 * racing in transactions held until both have begun, and a retry of failed rows opens a new
 * round whose ending sends one more event, with its round number and counts, also when two retries race.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '~/server/credits/ledger.ts';
import { post } from '~/server/credits/service.ts';
import { webhookEvents } from '~/server/db/schema/developers.ts';
import { restartBatch, settleBatch } from '~/server/features/batches/store.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';

type Api = ReturnType<typeof client>;

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(async () => stopEmulator());

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting; last value ${JSON.stringify(value).slice(0, 2000)}`);
    await sleep(200);
  }
};

const settings = { voiceId: 'en-us-olivia', captions: 'off', visualOrder: 'designed' };

describe.each(await databaseTargets())('batch.completed on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;

  beforeAll(async () => {
    target = await makeTarget();
    // No speech service answers: a row with an OpenAI voice fails as soon as its render asks for narration.
    stack = await startStack(target, {
      env: {
        WEBHOOKS_ALLOW_LOOPBACK: '1',
        OPENAI_API_KEY: 'sk-test',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
        WORKER_CONCURRENCY: '2',
        JOB_USER_CONCURRENCY: '2',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
  });

  async function signedUp(credits: number): Promise<{ api: Api; uid: string }> {
    const user = await createUser();
    const api = client(stack.url, user);
    await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null });
    await stack.database.transaction((tx) =>
      post(tx, { uid: user.uid, move: grant(credits), reason: 'test', idempotencyKey: `test:${user.uid}` }),
    );
    // Events are written only for someone listening; the receiver need not answer for them to be counted here.
    const endpoint = await api('POST', '/webhooks/endpoints', {
      url: 'http://127.0.0.1:9/hook',
      events: ['batch.completed'],
    });
    expect(endpoint.status).toBe(201);
    return { api, uid: user.uid };
  }

  /** The batch.completed events written for each batch, in order. */
  async function eventsOf(uid: string) {
    const rows = await stack.database.db
      .select({ payload: webhookEvents.payload })
      .from(webhookEvents)
      .where(eq(webhookEvents.uid, uid))
      .orderBy(webhookEvents.createdAt);
    const byBatch = new Map<string, any[]>();
    for (const { payload } of rows) {
      if (payload.type !== 'batch.completed') continue;
      const data = payload.data as { id: string };
      byBatch.set(data.id, [...(byBatch.get(data.id) ?? []), data]);
    }
    return byBatch;
  }

  const completed = (api: Api, id: string) =>
    until(
      async () => (await api('GET', `/batches/${id}`)).body,
      (batch) => batch.status === 'completed',
      120_000,
    );

  /** Resolves once `parties` callers wait on it, or after `ms` (PGlite runs one transaction at a time). */
  const barrier = (parties: number, ms: number) => {
    let waiting = 0;
    let open: () => void = () => undefined;
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return async () => {
      if (++waiting >= parties) open();
      await Promise.race([opened, sleep(ms)]);
    };
  };

  it('completes each batch once when its last two rows end at the same moment', async () => {
    const { api, uid } = await signedUp(1000);
    const ids: string[] = [];
    const videoIds: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await api('POST', '/batches', {
        settings,
        rows: [{ script: `Batch ${i}, the first row of two.` }, { script: `Batch ${i}, the second row of two.` }],
      });
      expect(created.status).toBe(202);
      ids.push(created.body.id);
      videoIds.push(...created.body.rows.map((row: any) => row.video.id as string));
    }
    // Every row's video is cancelled at once: each batch's two rows end in transactions running side by side.
    const cancels = await Promise.all(videoIds.map((id) => api('POST', `/videos/${id}/cancel`)));
    // A row a worker finished first cannot be cancelled any more (409); it ended all the same.
    expect(cancels.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    for (const id of ids) await completed(api, id);
    await sleep(500);
    const events = await eventsOf(uid);
    for (const id of ids) {
      expect(events.get(id)).toHaveLength(1);
      expect(events.get(id)?.[0]).toMatchObject({ id, round: 1, counts: { total: 2, queued: 0, active: 0 } });
    }

    // Two settles of one ending at the same moment (a round's opening racing its last row's end), each in its own
    // transaction, both finding no row open: only one completes the round and tells the webhooks.
    for (const id of ids) {
      await restartBatch(stack.database.db, uid, id);
      const together = barrier(2, 1500);
      await Promise.all(
        [0, 1].map(() =>
          stack.database.transaction(async (tx) => {
            await together();
            await settleBatch(tx, id, true);
          }),
        ),
      );
    }
    const after = await eventsOf(uid);
    for (const id of ids) expect(after.get(id)?.map((event) => event.round)).toEqual([1, 2]);
  }, 300_000);

  it('sends one event per round: the first ending, then the ending of the retried rows', async () => {
    const { api, uid } = await signedUp(1000);
    const created = await api('POST', '/batches', {
      settings,
      rows: [
        { script: 'The first row, read by a voice that refuses.', voice: 'openai-nova' },
        { script: 'The second row, refused the same way.', voice: 'openai-nova' },
      ],
    });
    expect(created.status).toBe(202);
    const id = created.body.id as string;
    expect((await completed(api, id)).counts).toMatchObject({ failed: 2 });
    await sleep(500);
    expect((await eventsOf(uid)).get(id)).toEqual([
      expect.objectContaining({ round: 1, counts: expect.objectContaining({ failed: 2 }) }),
    ]);

    const retried = await api('POST', `/batches/${id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.status).toBe('running');
    expect((await completed(api, id)).counts).toMatchObject({ failed: 2 });
    await sleep(500);
    // A batch already completed is not completed again by its rows' ends or by reading it: one event per round.
    expect((await eventsOf(uid)).get(id)).toEqual([
      expect.objectContaining({ round: 1 }),
      expect.objectContaining({ round: 2, counts: expect.objectContaining({ failed: 2 }) }),
    ]);

    // Two retries sent at once (a double click): the second finds the rows already made again (or, when the first's
    // round has already ended, opens one more). Either way each round ends once, and only when every row has.
    const twice = await Promise.all([api('POST', `/batches/${id}/retry`), api('POST', `/batches/${id}/retry`)]);
    expect(twice.map((answer) => answer.status)).toContain(202);
    const again = await completed(api, id);
    expect(again.counts).toMatchObject({ total: 2, failed: 2 });
    expect(again.rows.map((row: any) => [row.error, row.video.status])).toEqual([
      [null, 'failed'],
      [null, 'failed'],
    ]);
    await sleep(500);
    const rounds = (await eventsOf(uid)).get(id)?.map((event) => event.round);
    expect(rounds?.slice(0, 3)).toEqual([1, 2, 3]);
    expect(rounds).toEqual(rounds?.map((_, index) => index + 1));
  }, 300_000);
});
