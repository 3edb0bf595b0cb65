/** The sheet screen's preview as pure rules: the plan of a read sheet, and every problem as one line of the alert. */
import { type BatchPlan, type BatchSettings, type PresetLookup, planBatch } from '~/contract/batches';
import type { SheetResult } from '~/contract/sheet';

type ReadSheet = Extract<SheetResult, { ok: true }>;

/** The contract's plan of the sheet's rows, with the sheet's own problems counted among the plan's. */
export function planSheet(
  sheet: ReadSheet,
  options: {
    template: string;
    settings: BatchSettings;
    voiceProblem: (id: string) => string | null;
    presets?: PresetLookup;
  },
): BatchPlan {
  const planned = planBatch(sheet.records, sheet.columns, options);
  return {
    ...planned,
    problems: [...sheet.problems, ...planned.problems],
    ready: planned.ready && sheet.problems.length === 0,
  };
}

/** What the alert above the preview lists: the sheet that could not be read, each planned problem, the server's. */
export function problemLines(
  sheet: SheetResult | null,
  plan: BatchPlan | null,
  serverErrors: Record<string, string>,
): string[] {
  return [
    ...(sheet && !sheet.ok ? [sheet.error] : []),
    ...(plan?.problems.map((p) =>
      p.row
        ? `Row ${p.row}${p.column ? `, ${p.column}` : ''}: ${p.message}`
        : `${p.column ? `${p.column}: ` : ''}${p.message}`,
    ) ?? []),
    ...Object.entries(serverErrors).map(([field, message]) => `${field}: ${message}`),
  ];
}
