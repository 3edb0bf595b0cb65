/**
 * The analytics charts, drawn with Recharts (docs/decisions/0001-charting-library.md explains the choice). Only the
 * analytics screen imports this module, so the library stays in its chunk. Every chart can switch to a table of
 * the same numbers, where screen-reader and keyboard users read every figure at once.
 */
import { type ReactNode, useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

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

/** A titled chart with a Chart / Table switch; `summary` names the figure (what the drawing shows in a sentence). */
export function ChartCard({
  title,
  summary,
  table,
  children,
}: {
  title: string;
  summary: string;
  table: ChartTable;
  children: ReactNode;
}) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const id = useId();
  return (
    <section className="card card-pad min-w-0" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
          {title}
        </h2>
        <div
          role="group"
          aria-label={`${title}: view as`}
          className="inline-flex rounded-lg border border-white/10 p-0.5"
        >
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
        <figure className="mt-4" aria-label={summary}>
          {children}
        </figure>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus so the keyboard can scroll it
        <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={`${title}, table`}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-white/10 text-fg-muted">
                {table.header.map((cell, i) => (
                  <th
                    key={cell}
                    scope="col"
                    className={`whitespace-nowrap px-2 py-2 font-medium ${i > 0 ? 'text-right' : ''}`}
                  >
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
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in a fixed order
                      <th key={i} scope="row" className="whitespace-nowrap px-2 py-1.5 font-normal text-fg">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in a fixed order
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

const AXIS_TICK = { fill: 'var(--color-fg-subtle)', fontSize: 12 };
const GRID = 'rgb(255 255 255 / 0.1)';
/** Figures read as in the table: 1,400 rather than 1400. */
const figure = <T,>(value: T) => (typeof value === 'number' ? value.toLocaleString('en-US') : value);

/**
 * Stacked bars, one per bucket. Recharts' accessibility layer makes the drawing a focusable application: the arrow
 * keys step through the buckets and the tooltip, a live region, speaks each one's figures. The X axis drops labels
 * that would collide, so a phone's 30 narrow bars stay legible.
 */
export function StackedBars({
  name,
  labels,
  series,
}: {
  name: string;
  labels: readonly string[];
  series: readonly Series[];
}) {
  const data = labels.map((label, i) => ({ label, values: series.map((s) => s.values[i] ?? 0) }));
  return (
    <div data-testid="bars">
      <BarChart
        responsive
        data={data}
        title={name}
        style={{ width: '100%', height: 192 }}
        margin={{ top: 8, right: 4, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke={GRID} />
        <XAxis
          dataKey="label"
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={{ stroke: GRID }}
          interval="preserveStartEnd"
          minTickGap={12}
        />
        <YAxis
          allowDecimals={false}
          tickFormatter={figure}
          tick={AXIS_TICK}
          tickLine={false}
          axisLine={false}
          width={40}
        />
        <Tooltip
          formatter={figure}
          cursor={{ fill: 'rgb(255 255 255 / 0.06)' }}
          contentStyle={{
            background: 'var(--color-ink-800)',
            border: `1px solid ${GRID}`,
            borderRadius: 8,
            fontSize: 14,
          }}
          labelStyle={{ color: 'var(--color-fg)', fontWeight: 600 }}
        />
        {series.map((s, k) => (
          <Bar
            key={s.label}
            dataKey={(row: (typeof data)[number]) => row.values[k]}
            name={s.label}
            stackId="total"
            fill={s.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
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
