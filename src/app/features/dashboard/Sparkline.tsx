/**
 * The dashboard's 30-day balance line, hand-drawn: one SVG polyline is all it needs, and the dashboard chunk must
 * not pull in the chart library that the analytics screen loads (docs/decisions/0001-charting-library.md).
 */
export function Sparkline({
  values,
  label,
  className = '',
}: {
  values: readonly number[];
  label: string;
  className?: string;
}) {
  const width = 120;
  const height = 32;
  const min = Math.min(...values);
  const span = Math.max(1, Math.max(...values) - min);
  const points = values.map(
    (v, i) =>
      `${((i / Math.max(1, values.length - 1)) * width).toFixed(1)},${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`,
  );
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className={`h-8 w-30 ${className}`}
      role="img"
      aria-label={label}
      preserveAspectRatio="none"
    >
      <polyline
        points={points.join(' ')}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
        strokeLinejoin="round"
      />
    </svg>
  );
}
