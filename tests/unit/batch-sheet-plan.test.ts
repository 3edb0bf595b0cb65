/** The sheet screen's alert: every problem of the sheet, its plan and the server, each as one line the user reads. */
import { describe, expect, it } from 'vitest';
import { problemLines } from '~/app/features/batches/sheet-plan';
import type { BatchPlan } from '~/contract/batches';

const plan = (problems: BatchPlan['problems']): BatchPlan => ({
  rows: [],
  problems,
  totalSeconds: 0,
  totalCredits: 0,
  ready: false,
});

describe('the sheet preview alert', () => {
  it('names the row and the column a problem is in, when it has them', () => {
    const lines = problemLines(
      null,
      plan([
        { row: 3, column: 'voice', message: 'Unknown voice' },
        { row: 4, column: null, message: 'Empty script' },
        { row: null, column: 'product', message: 'No such column' },
        { row: null, column: null, message: 'No script column' },
      ]),
      { template: 'Too long' },
    );
    expect(lines).toEqual([
      'Row 3, voice: Unknown voice',
      'Row 4: Empty script',
      'product: No such column',
      'No script column',
      'template: Too long',
    ]);
  });

  it('says why a sheet could not be read at all', () => {
    expect(problemLines({ ok: false, error: 'Not a CSV file' }, null, {})).toEqual(['Not a CSV file']);
  });
});
