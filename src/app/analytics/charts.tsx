/**
 * The analytics charts, drawn with HTML boxes and one SVG line rather than a chart library (docs/ARCHITECTURE.md,
 * "Analytics" explains the choice): bars are flex columns whose heights are percentages, so they fit a 360 px
 * phone without measuring anything. Every chart can switch to a table holding the same numbers, which is what
 * screen readers and keyboard users read; the drawing itself is one labelled image.
 */
import { useId, useState, type ReactNode } from 'react';

export interface Series {
  label: string;
  values: readonly number[];
  color: string;
}

export interface ChartTable {
  header: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

/** Feature colours, distinct on the dark background (each at least 3:1 against it). */
export const SERIES_COLORS: Record<string, string> = {
  videos: '#a78bfa',
  speech: '#22d3ee',
  scripts: '#fbbf24',
  images: '#f472b6',
  gpu: '#34d399',
  watermark: '#60a5fa',
  other: '#a3a3a3',
  succeeded: '#34d399',
  failed: '#f87171',
  cancelled: '#a3a3a3',
};

/** A titled chart with a Chart / Table switch; `summary` is the drawing's spoken description. */
export function ChartCard({ title, summary, table, children }: { title: string; summary: string; table: ChartTable; children: ReactNode }) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const id = useId();
  return (
    <section className="card card-pad min-w-0" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        <div role="group" aria-label={`${title}: view as`} className="inline-flex rounded-lg border border-white/10 p-0.5">
          {(['chart', 'table'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={`rounded-md px-3 py-1 text-sm font-medium ${view === option ? 'bg-brand-500/20 text-fg' : 'text-fg-muted hover:text-fg'}`}
            >
              {option === 'chart' ? 'Chart' : 'Table'}
            </button>
          ))}
        </div>
      </div>
      {view === 'chart' ? (
        <figure className="mt-4" role="img" aria-label={summary}>
          {children}
        </figure>
      ) : (
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}, table`}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-white/10 text-fg-muted">
                {table.header.map((cell, i) => (
                  <th key={cell} scope="col" className={`whitespace-nowrap px-2 py-2 font-medium ${i > 0 ? 'text-right' : ''}`}>
                    {cell}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])} className="border-b border-white/5">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="whitespace-nowrap px-2 py-1.5 font-normal text-fg">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="px-2 py-1.5 text-right tabular-nums text-fg">
                        {typeof cell === 'number' ? cell.toLocaleString('en-US') : cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Stacked bars, one column per bucket; only a few axis labels so a phone's 30 narrow bars stay legible. */
export function StackedBars({ labels, series }: { labels: readonly string[]; series: readonly Series[] }) {
  const totals = labels.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const tick = Math.max(1, Math.ceil(labels.length / 4));
  return (
    <div aria-hidden="true">
      <div className="flex gap-2">
        <div className="flex h-44 flex-col justify-between text-right text-xs tabular-nums text-fg-subtle">
          <span>{max.toLocaleString('en-US')}</span>
          <span>0</span>
        </div>
        <div className="flex h-44 flex-1 items-end gap-px border-b border-l border-white/15 sm:gap-1" data-testid="bars">
          {labels.map((label, i) => (
            <div key={label} className="flex h-full min-w-0 flex-1 flex-col-reverse" title={`${label}: ${totals[i]!.toLocaleString('en-US')}`}>
              {series.map((s) =>
                (s.values[i] ?? 0) > 0 ? <div key={s.label} style={{ height: `${((s.values[i] ?? 0) / max) * 100}%`, background: s.color }} /> : null,
              )}
            </div>
          ))}
        </div>
      </div>
      <div className="ml-8 mt-1 flex text-xs text-fg-subtle">
        {labels.map((label, i) => (
          <span key={label} className="min-w-0 flex-1 overflow-visible whitespace-nowrap">
            {i % tick === 0 ? label : ''}
          </span>
        ))}
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
        {series.map((s) => (
          <li key={s.label} className="flex items-center gap-1.5">
            <span className="inline-block size-3 rounded-sm" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A small line of values (the balance over 30 days), labelled as one image. */
export function Sparkline({ values, label, className = '' }: { values: readonly number[]; label: string; className?: string }) {
  const width = 120;
  const height = 32;
  const min = Math.min(...values);
  const span = Math.max(1, Math.max(...values) - min);
  const points = values.map((v, i) => `${((i / Math.max(1, values.length - 1)) * width).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={`h-8 w-30 ${className}`} role="img" aria-label={label} preserveAspectRatio="none">
      <polyline points={points.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" strokeLinejoin="round" />
    </svg>
  );
}
