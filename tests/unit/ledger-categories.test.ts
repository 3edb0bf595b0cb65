import { describe, expect, it } from 'vitest';
import { LEDGER_KINDS } from '~/contract/api.ts';
import { csvField, LEDGER_CATEGORIES, ledgerCategory, ledgerCsvFileName, ledgerCsvLine } from '~/contract/ledger.ts';

describe('ledger categories', () => {
  it('put every kind and sign a row can have under exactly one category', () => {
    expect(ledgerCategory('grant', 100)).toBe('grants');
    expect(ledgerCategory('adjust', 5)).toBe('grants');
    expect(ledgerCategory('adjust', -5)).toBe('deductions');
    expect(ledgerCategory('purchase', 500)).toBe('purchases');
    expect(ledgerCategory('capture', 0)).toBe('spends');
    expect(ledgerCategory('refund', -500)).toBe('refunds');
    // A refund row of 0 records a shortfall; it is still a refund.
    expect(ledgerCategory('refund', 0)).toBe('refunds');
    expect(ledgerCategory('reserve', -10)).toBe('holds');
    expect(ledgerCategory('release', 10)).toBe('holds');
    for (const kind of LEDGER_KINDS) {
      for (const delta of kind === 'adjust' ? [-1, 1] : [-1, 0, 1])
        expect(ledgerCategory(kind, delta), `${kind} ${delta}`).toBeDefined();
    }
    const used = new Set(LEDGER_KINDS.flatMap((kind) => [ledgerCategory(kind, -1), ledgerCategory(kind, 1)]));
    expect([...used].sort()).toEqual([...LEDGER_CATEGORIES].sort());
  });
});

describe('ledger CSV', () => {
  it('quotes only what needs quoting and doubles quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(-20)).toBe('-20');
  });

  it('keeps a description a spreadsheet would run as a formula as text', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('@sum')).toBe("'@sum");
  });

  it('writes one CRLF line per entry with its category, and names the file by day and filter', () => {
    const line = ledgerCsvLine({
      id: '7',
      kind: 'adjust',
      delta: -3,
      reservedDelta: 0,
      reason: 'Chargeback, sorry',
      jobId: null,
      createdAt: '2026-11-23T04:00:00.000Z',
    });
    expect(line).toBe('2026-11-23T04:00:00.000Z,Deductions,adjust,-3,0,"Chargeback, sorry",,7\r\n');
    const day = new Date('2026-11-23T23:59:00Z');
    expect(ledgerCsvFileName(day)).toBe('nxn-ledger-2026-11-23.csv');
    expect(ledgerCsvFileName(day, 'spends')).toBe('nxn-ledger-spends-2026-11-23.csv');
  });
});
