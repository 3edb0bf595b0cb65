/** One "label: value" row of a summary list (a `<dl>`); the value in tabular figures so columns of numbers line up. */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5 text-sm">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="font-semibold tabular-nums text-fg" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
