import { describe, expect, it } from 'vitest';
import {
  type GroupableRow,
  groupLedger,
  type LineSubject,
  ledgerGroupKey,
  lineLabel,
  shortName,
} from '~/contract/ledger.ts';

let next = 0;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
/** A ledger row as the server reads it; ids grow with each call, like the table's. */
function row(
  kind: GroupableRow['kind'],
  delta: number,
  reservedDelta: number,
  key: string | null,
  extra: Partial<GroupableRow> = {},
): GroupableRow {
  next += 1;
  return {
    id: String(next),
    kind,
    delta,
    reservedDelta,
    reason: `${kind} row`,
    jobId: null,
    idempotencyKey: key,
    createdAt: at(next),
    ...extra,
  };
}
const newestFirst = (rows: GroupableRow[]) => [...rows].reverse();

const JOB = '8d0c3b36-7f7e-4b43-9a43-0d6f7c1d2a11';
const RENTAL = '1b9f0a55-2f57-4d0e-8d0f-33b1a1c3e0aa';

describe('the ledger grouping rule', () => {
  it('folds a hold and its settlement into one line named after the video, whose amount is what the balance lost', () => {
    const video = [
      row('reserve', -20, 20, `job:${JOB}:reserve`, { jobId: JOB }),
      row('capture', 0, -15, `job:${JOB}:capture`, { jobId: JOB }),
      row('release', 5, -5, `job:${JOB}:release`, { jobId: JOB }),
    ];
    const subjects = new Map<string, LineSubject>([
      [
        `job:${JOB}`,
        { source: 'videos', name: 'Coffee begins its journey on a small farm high in the hills of Colombia' },
      ],
    ]);
    const [line, ...rest] = groupLedger(newestFirst(video), subjects);
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      id: `job:${JOB}`,
      amount: -15,
      held: 0,
      state: 'settled',
      startedAt: video[0]!.createdAt,
      updatedAt: video[2]!.createdAt,
    });
    expect(line!.label).toBe('Video · Coffee begins its journey on a small farm high in the hills…');
    // The detail keeps every row, oldest first, without the key it was written under.
    expect(line!.entries.map((e) => e.kind)).toEqual(['reserve', 'capture', 'release']);
    expect(line!.entries[0]).not.toHaveProperty('idempotencyKey');
  });

  it('shows work still running as held, and failed work as returned with nothing taken', () => {
    const other = '0f6c1c1e-1111-4c4c-8888-0d6f7c1d2a11';
    const rows = [
      row('reserve', -30, 30, null, { jobId: JOB }),
      row('reserve', -12, 12, null, { jobId: other }),
      row('release', 12, -12, null, { jobId: other }),
    ];
    const [failed, running] = groupLedger(newestFirst(rows), new Map());
    expect(running).toMatchObject({ id: `job:${JOB}`, amount: -30, held: 30, state: 'held' });
    expect(failed).toMatchObject({ id: `job:${other}`, amount: 0, held: 0, state: 'returned' });
  });

  it('folds every settlement of a GPU rental into one line with its GPU and minutes', () => {
    const signup = row('grant', 250, 0, 'signup:uid-1');
    const rental = [
      row('reserve', -40, 40, `gpu:${RENTAL}:start`),
      row('capture', 0, -40, `gpu:${RENTAL}:1:capture`),
      row('reserve', -40, 40, `gpu:${RENTAL}:1:reserve`),
      row('capture', 0, -2, `gpu:${RENTAL}:2:capture`),
      row('release', 38, -38, `gpu:${RENTAL}:2:release`),
    ];
    const lines = groupLedger(
      newestFirst([signup, ...rental]),
      new Map([[`gpu:${RENTAL}`, { source: 'gpu', gpuCount: 1, gpuModel: 'RTX 4090', minutes: 42 } as const]]),
    );
    expect(lines.map((l) => [l.label, l.amount, l.state])).toEqual([
      ['GPU rental · 1× RTX 4090 · 42 min', -42, 'settled'],
      ['grant row', 250, 'settled'],
    ]);
  });

  it('names a purchase after its pack, and lists its refund as a line of its own with the shortfall folded in', () => {
    const bought = row('purchase', 500, 0, 'stripe:cs_test_1:credit');
    const refunded = row('refund', -300, 0, 'stripe:cs_test_1:refund:500');
    const shortfall = row('refund', 0, 0, 'stripe:cs_test_1:refund:500:shortfall');
    const subjects = new Map<string, LineSubject>([
      ['stripe:cs_test_1', { source: 'payments', packName: 'Starter' }],
      ['stripe:cs_test_1:refund:500', { source: 'payments', packName: 'Starter' }],
    ]);
    const [refund, purchase] = groupLedger(newestFirst([bought, refunded, shortfall]), subjects);
    expect(purchase).toMatchObject({ label: 'Starter pack', amount: 500, state: 'settled' });
    expect(refund).toMatchObject({ label: 'Refund · Starter pack', amount: -300, state: 'settled' });
    expect(refund!.entries).toHaveLength(2);
  });

  it('keeps each operator adjustment on its own line with the reason given', () => {
    const [taken, added] = groupLedger(
      newestFirst([
        row('adjust', 25, 0, 'admin:op:k1', { reason: 'Goodwill' }),
        row('adjust', -10, 0, 'admin:op:k2', { reason: 'Duplicate grant' }),
      ]),
      new Map(),
    );
    expect(added).toMatchObject({ label: 'Adjustment · Goodwill', amount: 25, state: 'settled' });
    expect(taken).toMatchObject({ label: 'Adjustment · Duplicate grant', amount: -10 });
    expect(added!.id).not.toBe(taken!.id);
  });

  it('orders lines by their latest row, so a line that grows moves up', () => {
    const first = row('reserve', -5, 5, 'script:s1:reserve');
    const grant = row('grant', 100, 0, 'signup:u');
    const settled = row('capture', 0, -5, 'script:s1:settle');
    expect(groupLedger(newestFirst([first, grant, settled]), new Map()).map((l) => l.id)).toEqual([
      'script:s1',
      `entry:${grant.id}`,
    ]);
  });
});

describe('group keys and labels', () => {
  it('reads the key the way each writer writes it', () => {
    expect(ledgerGroupKey({ id: '9', jobId: JOB, idempotencyKey: null })).toBe(`job:${JOB}`);
    expect(ledgerGroupKey({ id: '9', jobId: null, idempotencyKey: `gpu:${RENTAL}:17:release` })).toBe(`gpu:${RENTAL}`);
    expect(ledgerGroupKey({ id: '9', jobId: null, idempotencyKey: 'script:abc:settle' })).toBe('script:abc');
    expect(ledgerGroupKey({ id: '9', jobId: null, idempotencyKey: 'stripe:cs_1:credit' })).toBe('stripe:cs_1');
    expect(ledgerGroupKey({ id: '9', jobId: null, idempotencyKey: 'stripe:cs_1:refund:250:shortfall' })).toBe(
      'stripe:cs_1:refund:250',
    );
    expect(ledgerGroupKey({ id: '9', jobId: null, idempotencyKey: 'signup:u' })).toBe('entry:9');
    expect(ledgerGroupKey({ id: '9', jobId: null, idempotencyKey: null })).toBe('entry:9');
    expect(ledgerGroupKey({ id: '9', jobId: null, idempotencyKey: 'gpu:' })).toBe('entry:9');
  });

  it('falls back to the row’s description when the thing is gone, and to the noun when it has no name', () => {
    expect(lineLabel(`job:${JOB}`, undefined, 'Job video')).toBe('Job video');
    expect(lineLabel(`job:${JOB}`, { source: 'watermark', name: null }, 'x')).toBe('Watermark removal');
    expect(lineLabel(`job:${JOB}`, { source: 'speech', name: '  Hello\n  world ' }, 'x')).toBe(
      'Voice-over · Hello world',
    );
    expect(lineLabel(`gpu:${RENTAL}`, { source: 'gpu', gpuCount: 2, gpuModel: 'A100', minutes: 65 }, 'x')).toBe(
      'GPU rental · 2× A100 · 1 h 5 min',
    );
    expect(shortName('a'.repeat(80))).toHaveLength(60);
  });
});
