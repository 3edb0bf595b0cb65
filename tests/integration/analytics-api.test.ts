/**
 * Analytics through the real API on PGlite and on PostgreSQL (when one answers): a history seeded straight into the
 * ledger and the feature tables, with totals known by hand, must come back exactly, bucketed by the caller's local
 * day (rows a minute either side of a midnight included), compared with the previous period, and private to its
 * owner. Features' contributions (GPU hours, running rentals) appear only when one is handed in; the API hands in
 * GPU rental's.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnalyticsReport, addDays, todayIn } from '~/contract/analytics.ts';
import { SIGNUP_GRANT } from '~/contract/pricing.ts';
import { rows } from '~/server/db/index.ts';
import { analyticsService } from '~/server/features/analytics/service.ts';
import { createUser, ensureAuthEmulator } from './support/auth-emulator.ts';
import { databaseTargets, type Target } from './support/databases.ts';
import { client, type Stack, startStack } from './support/stack.ts';

const targets = await databaseTargets();

let stopEmulator: () => Promise<void> = async () => undefined;
beforeAll(async () => {
  stopEmulator = await ensureAuthEmulator();
});
afterAll(() => stopEmulator());

const TZ = 'America/New_York';
const metric = (report: AnalyticsReport, key: string) => report.totals.find((m) => m.key === key);
const series = (report: AnalyticsReport, source: string) => report.spend.find((s) => s.source === source)?.values;

describe.each(targets)('analytics on %s', (_name, makeTarget) => {
  let target: Target;
  let stack: Stack;
  beforeAll(async () => {
    target = await makeTarget();
    stack = await startStack(target);
  });
  afterAll(async () => {
    await stack?.close();
    await target?.dispose();
  });

  /** A signed-up user and a seeder that writes rows at a local time in TZ (`day` counted back from today there). */
  async function seededUser() {
    const user = await createUser();
    const api = client(stack.url, user);
    expect(
      (await api('POST', '/auth/auth', { uid: user.uid, email: user.email, displayName: null, photoURL: null })).status,
    ).toBe(201);
    const today = todayIn(TZ);
    const db = stack.database.db;
    const at = (daysAgo: number, time: string) =>
      sql`(${`${addDays(today, -daysAgo)} ${time}`}::timestamp at time zone ${TZ})`;
    const ledger = (
      kind: string,
      delta: number,
      reserved: number,
      when: ReturnType<typeof at>,
      key: string,
      jobId: string | null = null,
    ) =>
      db.execute(sql`insert into credit_ledger (uid, delta, reserved_delta, kind, reason, job_id, idempotency_key, created_at)
                     values (${user.uid}, ${delta}, ${reserved}, ${kind}, 'seed', ${jobId}, ${key}, ${when})`);
    /** A hold and its capture: only the capture is spending. */
    const spend = async (amount: number, when: ReturnType<typeof at>, key: string, jobId: string | null = null) => {
      await ledger('reserve', -amount, amount, when, `${key}:reserve`, jobId);
      await ledger('capture', 0, -amount, when, `${key}:capture`, jobId);
    };
    const job = async (kind: string, status: string, created: ReturnType<typeof at>, renderSeconds?: number) => {
      const id = randomUUID();
      await db.execute(sql`insert into jobs (id, uid, kind, status, payload, cost, created_at, started_at, finished_at)
        values (${id}, ${user.uid}, ${kind}, ${status}, '{}'::jsonb, 0, ${created}, ${created},
                ${renderSeconds === undefined ? null : sql`${created} + make_interval(secs => ${renderSeconds})`})`);
      return id;
    };
    const video = (status: string, created: ReturnType<typeof at>, jobId: string | null, durationMs: number | null) =>
      db.execute(
        sql`insert into videos (uid, job_id, status, script, duration_ms, created_at) values (${user.uid}, ${jobId}, ${status}, 'A script.', ${durationMs}, ${created})`,
      );
    return { user, api, db, at, ledger, spend, job, video };
  }

  it('adds up a known history exactly, by local day, against the previous period', async () => {
    const { user, api, db, at, ledger, spend, job, video } = await seededUser();

    // This week (the 7-day range ends today in New York).
    const v1 = await job('video', 'succeeded', at(1, '10:00'), 60);
    await spend(30, at(1, '10:01'), `job:${v1}`, v1);
    await video('succeeded', at(1, '10:00'), v1, 90_000);
    const v2 = await job('video', 'failed', at(2, '09:00'));
    await ledger('reserve', -20, 20, at(2, '09:00'), `job:${v2}:reserve`, v2);
    await ledger('release', 20, -20, at(2, '09:05'), `job:${v2}:release`, v2);
    await video('failed', at(2, '09:00'), v2, null);
    await video('cancelled', at(2, '11:00'), null, null);
    // Half a minute after midnight in New York: today there, yesterday nowhere.
    const s1 = await job('speech.synthesize', 'succeeded', at(0, '00:00:30'));
    await spend(5, at(0, '00:00:30'), `job:${s1}`, s1);
    await db.execute(
      sql`insert into speech (uid, job_id, status, text, voice, created_at) values (${user.uid}, ${s1}, 'succeeded', 'Hello world', 'en-us-olivia', ${at(0, '00:00:30')})`,
    );
    // Half a minute before midnight in New York: yesterday there, but already today in UTC.
    const scriptId = randomUUID();
    await spend(3, at(1, '23:59:30'), `script:${scriptId}`);
    await db.execute(
      sql`insert into scripts (id, uid, status, prompt, created_at) values (${scriptId}, ${user.uid}, 'succeeded', 'Tides', ${at(1, '23:59:30')})`,
    );
    const i1 = await job('images.generate', 'succeeded', at(3, '12:00'));
    await spend(8, at(3, '12:00'), `job:${i1}`, i1);
    for (const index of [0, 1])
      await db.execute(
        sql`insert into images (uid, job_id, status, prompt, options, created_at) values (${user.uid}, ${i1}, 'succeeded', 'A lighthouse', ${JSON.stringify({ index })}::jsonb, ${at(3, '12:00')})`,
      );
    await spend(12, at(1, '15:00'), 'gpu:rental-1');
    const w1 = await job('watermark', 'succeeded', at(1, '16:00'));
    await spend(7, at(1, '16:00'), `job:${w1}`, w1);
    await spend(2, at(1, '17:00'), 'mystery:1');
    await ledger('purchase', 1500, 0, at(3, '08:00'), 'stripe:pi_1');
    await ledger('refund', -100, 0, at(2, '08:00'), 'stripe:re_1');
    await ledger('adjust', 50, 0, at(2, '08:30'), 'admin:grant-1');
    // The week before, for the change figures.
    const v0 = await job('video', 'succeeded', at(10, '12:00'), 30);
    await spend(40, at(10, '12:01'), `job:${v0}`, v0);
    await video('succeeded', at(10, '12:00'), v0, 60_000);
    // Before both periods: counts nowhere.
    await spend(10, at(20, '12:00'), 'script:old');
    // Keep the stored balance equal to the ledger, as credits/service.ts does.
    await db.execute(sql`update credit_balances set balance = (select sum(delta) from credit_ledger where uid = ${user.uid}),
                         reserved = (select sum(reserved_delta) from credit_ledger where uid = ${user.uid}) where uid = ${user.uid}`);
    // Someone else's spending never shows.
    const other = await createUser();
    const otherApi = client(stack.url, other);
    await otherApi('POST', '/auth/auth', { uid: other.uid, email: other.email, displayName: null, photoURL: null });

    const res = await api('GET', `/analytics?range=7&tz=${encodeURIComponent(TZ)}`);
    expect(res.status).toBe(200);
    const report = res.body as AnalyticsReport;
    const today = todayIn(TZ);
    expect(report.range).toMatchObject({
      from: addDays(today, -6),
      to: today,
      previousFrom: addDays(today, -13),
      previousTo: addDays(today, -7),
      bucket: 'day',
      days: 7,
    });
    expect(report.buckets).toEqual([6, 5, 4, 3, 2, 1, 0].map((n) => addDays(today, -n)));
    const day = (daysAgo: number) => 6 - daysAgo;
    const only = (daysAgo: number, amount: number) => report.buckets.map((_, i) => (i === day(daysAgo) ? amount : 0));

    expect(report.spend.map((s) => s.label)).toEqual([
      'Videos',
      'Speech',
      'Scripts',
      'Images',
      'GPU rental',
      'Watermark removal',
      'Other',
    ]);
    expect(series(report, 'videos')).toEqual(only(1, 30));
    expect(series(report, 'speech')).toEqual(only(0, 5));
    expect(series(report, 'scripts')).toEqual(only(1, 3));
    expect(series(report, 'images')).toEqual(only(3, 8));
    expect(series(report, 'gpu')).toEqual(only(1, 12));
    expect(series(report, 'watermark')).toEqual(only(1, 7));
    expect(series(report, 'other')).toEqual(only(1, 2));
    expect(report.videos.succeeded).toEqual(only(1, 1));
    expect(report.videos.failed).toEqual(only(2, 1));
    expect(report.videos.cancelled).toEqual(only(2, 1));
    expect(report.videos.minutes).toEqual(only(1, 1.5));

    const totals = Object.fromEntries(report.totals.map((m) => [m.key, [m.value, m.previous]]));
    expect(totals).toEqual({
      creditsSpent: [30 + 5 + 3 + 8 + 12 + 7 + 2, 40],
      creditsBought: [1500, 0],
      creditsRefunded: [100, 0],
      videos: [1, 1],
      videoMinutes: [1.5, 1],
      videoSuccessRate: [0.5, 1],
      videoRenderSeconds: [60, 30],
      speechCharacters: [11, 0],
      images: [2, 0],
      scripts: [1, 0],
      shareViews: [0, 0],
      // Contributed by GPU rental from its own run segments, not from the ledger's `gpu:` spending above.
      gpuHours: [0, 0],
    });

    // The same rows seen from UTC: the script written just before New York's midnight falls on the next UTC day.
    const [script] = await rows<{ created_at: Date | string }>(
      db,
      sql`select created_at from scripts where id = ${scriptId}`,
    );
    const utcDay = new Date(script!.created_at).toISOString().slice(0, 10);
    const utc = (await api('GET', `/analytics?range=custom&from=${addDays(utcDay, -1)}&to=${utcDay}&tz=UTC`))
      .body as AnalyticsReport;
    expect(utc.buckets).toEqual([addDays(utcDay, -1), utcDay]);
    expect(series(utc, 'scripts')).toEqual([0, 3]);

    // The balance trend walks back from today's balance through each day's movements.
    const trend = (await api('GET', `/analytics/balance?tz=${encodeURIComponent(TZ)}`)).body as {
      days: string[];
      balance: number[];
    };
    const balance = SIGNUP_GRANT - (30 + 5 + 3 + 8 + 12 + 7 + 2 + 40 + 10) + 1500 - 100 + 50;
    expect(trend.days.at(-1)).toBe(today);
    expect(trend.balance.at(-1)).toBe(balance);
    // Today moved the signup grant in and the speech's hold out.
    expect(trend.balance.at(-2)).toBe(balance - SIGNUP_GRANT + 5);
    expect(trend.balance.at(-3)).toBe(balance - SIGNUP_GRANT + 5 + 30 + 3 + 12 + 7 + 2);

    // Another user sees none of it.
    const theirs = (await otherApi('GET', `/analytics?range=7&tz=${encodeURIComponent(TZ)}`)).body as AnalyticsReport;
    expect(theirs.spend).toEqual([]);
    expect(metric(theirs, 'creditsSpent')).toMatchObject({ value: 0, previous: 0 });
    expect(metric(theirs, 'videoSuccessRate')).toMatchObject({ value: null, previous: null });
    void user;
  });

  it('takes contributed figures and running work from other features, over the same local days', async () => {
    const { user, api, db, at, job, video } = await seededUser();
    const running = await job('video', 'active', at(0, '00:00:01'));
    await video('active', at(0, '00:00:01'), running, null);
    // A watermark removal being cleaned: listed once, by the video's name, through watermark removal's contribution.
    const cleaning = await job('watermark', 'active', at(0, '00:00:00'));
    const removalId = randomUUID();
    await db.execute(sql`insert into watermark_removals (id, uid, job_id, status, name, duration_ms, width, height, facts, rights_confirmed_at)
      values (${removalId}, ${user.uid}, ${cleaning}, 'active', 'holiday.mp4', 30000, 1280, 720, '{"container":"mp4","frames":null,"hasAudio":true}'::jsonb, now())`);
    const activity = await api('GET', '/analytics/activity');
    expect(activity.status).toBe(200);
    expect(activity.body.items).toEqual([
      expect.objectContaining({
        id: running,
        source: 'videos',
        status: 'active',
        title: 'A script.',
        href: expect.stringMatching(/^\/nxn-agent\/video\/[0-9a-f-]{36}$/),
      }),
      expect.objectContaining({
        id: removalId,
        source: 'watermark',
        status: 'active',
        title: 'holiday.mp4',
        href: '/watermark-removal',
      }),
    ]);

    const asked: [string, string][] = [];
    const analytics = analyticsService(stack.database, {
      metrics: [
        {
          key: 'gpuHours',
          label: 'GPU hours',
          unit: 'hours',
          total: async (uid, from, to) => {
            asked.push([from.toISOString(), to.toISOString()]);
            return uid === user.uid ? 2.5 : 0;
          },
        },
      ],
      activity: [
        {
          running: async () => [
            {
              id: 'r1',
              source: 'gpu',
              title: 'RTX 4090',
              status: 'running',
              stage: null,
              progress: null,
              detail: '12 credits so far',
              href: '/my-rentals',
            },
          ],
        },
      ],
    });
    const report = await analytics.report(user.uid, { range: 'custom', from: '2026-03-07', to: '2026-03-08', tz: TZ });
    expect(report.totals.at(-1)).toEqual({
      key: 'gpuHours',
      label: 'GPU hours',
      unit: 'hours',
      value: 2.5,
      previous: 2.5,
    });
    // New York's midnights, across the start of daylight saving time on 8 March 2026.
    expect(asked).toEqual([
      ['2026-03-05T05:00:00.000Z', '2026-03-07T05:00:00.000Z'],
      ['2026-03-07T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ]);
    // Without watermark removal's contribution its job is still listed, by its feature's name.
    expect((await analytics.activity(user.uid)).map((item) => [item.source, item.title])).toEqual([
      ['videos', 'A script.'],
      ['watermark', 'Watermark removal'],
      ['gpu', 'RTX 4090'],
    ]);
  });

  it('answers a bad range or time zone with a 400 naming the field', async () => {
    const { api } = await seededUser();
    const cases: [string, string][] = [
      ['/analytics?tz=Mars%2FOlympus', 'tz'],
      ['/analytics?range=custom&to=2026-01-31', 'from'],
      ['/analytics?range=custom&from=2026-02-01&to=2026-01-31', 'to'],
      ['/analytics?range=custom&from=2024-01-01&to=2026-01-31', 'to'],
      ['/analytics?range=custom&from=2026-02-30&to=2026-03-01', 'from'],
      ['/analytics?range=14', 'range'],
      ['/analytics/balance?tz=%27%3B%20drop', 'tz'],
    ];
    for (const [path, field] of cases) {
      const res = await api('GET', path);
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body.fields), path).toContain(field);
    }
  });
});
