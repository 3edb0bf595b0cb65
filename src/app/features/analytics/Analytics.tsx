import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Field } from '~/app/components/Field';
import { Icon } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { AnalyticsReport, addDays, type RangePreset, todayIn } from '~/contract/analytics';
import { AllHostsFailedError, ApiError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';
import { browserTimeZone } from '~/lib/time-zone';
import { ChartCard, SERIES_COLORS, StackedBars } from './charts';
import { changeText, formatMetric, isEmptyReport, reportCsv, shortBucketLabel, spendTable, videoTable } from './model';

type Range = { range: RangePreset } | { range: 'custom'; from: string; to: string };
const PRESETS: { value: RangePreset; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

const queryOf = (range: Range, tz: string) => {
  const params = new URLSearchParams({ range: range.range, tz });
  if (range.range === 'custom') {
    params.set('from', range.from);
    params.set('to', range.to);
  }
  return `/analytics?${params.toString()}`;
};

function downloadCsv(report: AnalyticsReport) {
  const url = URL.createObjectURL(new Blob([reportCsv(report)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `nxn-usage-${report.range.from}-to-${report.range.to}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The first and last day of a range of the user's own, shown when they press "Custom". */
function CustomRange({
  custom,
  errors,
  onCustom,
  onSubmit,
}: {
  custom: { from: string; to: string };
  errors: Record<string, string>;
  onCustom: Dispatch<SetStateAction<{ from: string; to: string }>>;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form className="card card-pad flex flex-wrap items-end gap-4" onSubmit={onSubmit} noValidate>
      <Field label="From" error={errors.from}>
        {(props) => (
          <input
            {...props}
            type="date"
            className="input"
            value={custom.from}
            max={custom.to}
            onChange={(e) => onCustom((c) => ({ ...c, from: e.target.value }))}
          />
        )}
      </Field>
      <Field label="To" error={errors.to}>
        {(props) => (
          <input
            {...props}
            type="date"
            className="input"
            value={custom.to}
            min={custom.from}
            onChange={(e) => onCustom((c) => ({ ...c, to: e.target.value }))}
          />
        )}
      </Field>
      <button type="submit" className="btn btn-primary btn-sm">
        Show
      </button>
    </form>
  );
}

/** Usage over time from the ledger and the studios' own records, in the user's time zone. */
export default function Analytics() {
  const tz = useMemo(browserTimeZone, []);
  const [range, setRange] = useState<Range>({ range: '30' });
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; report: AnalyticsReport }
  >({ kind: 'loading' });
  const [custom, setCustom] = useState(() => ({ from: addDays(todayIn(tz), -13), to: todayIn(tz) }));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [customOpen, setCustomOpen] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    setState((s) => (s.kind === 'ready' ? s : { kind: 'loading' }));
    api
      .get<AnalyticsReport>(queryOf(range, tz), { parse: (data) => AnalyticsReport.parse(data), signal: abort.signal })
      .then((report) => setState({ kind: 'ready', report }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && error.status === 400) setFieldErrors({ ...error.fields });
        if (error instanceof AllHostsFailedError) notifyApiError(error);
        setState({ kind: 'error' });
      });
    return () => abort.abort();
  }, [range, tz]);

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors(custom.to < custom.from ? { to: 'Must be on or after the first day' } : {});
    if (custom.to >= custom.from) setRange({ range: 'custom', ...custom });
  };

  const report = state.kind === 'ready' ? state.report : null;
  const pressed = customOpen ? 'custom' : range.range;

  return (
    <div className="grid gap-6">
      <ScreenHeader
        icon="chart"
        title="Analytics"
        description="Your usage over time: what you made and the credits it took."
      >
        {report ? (
          <button type="button" className="btn btn-secondary btn-sm self-start" onClick={() => downloadCsv(report)}>
            <Icon name="download" className="size-4" />
            Export CSV
          </button>
        ) : null}
      </ScreenHeader>

      <div className="flex flex-col gap-3">
        <div role="group" aria-label="Date range" className="flex flex-wrap gap-2">
          {PRESETS.map((preset) => (
            <button
              key={preset.value}
              type="button"
              aria-pressed={pressed === preset.value}
              className={`btn btn-sm ${pressed === preset.value ? 'btn-primary' : 'btn-secondary'}`}
              onClick={() => {
                setCustomOpen(false);
                setRange({ range: preset.value });
              }}
            >
              Last {preset.label}
            </button>
          ))}
          <button
            type="button"
            aria-pressed={pressed === 'custom'}
            className={`btn btn-sm ${pressed === 'custom' ? 'btn-primary' : 'btn-secondary'}`}
            onClick={() => setCustomOpen(true)}
          >
            Custom
          </button>
        </div>
        {customOpen ? (
          <CustomRange custom={custom} errors={fieldErrors} onCustom={setCustom} onSubmit={applyCustom} />
        ) : null}
        <p className="text-sm text-fg-subtle" aria-live="polite">
          {report
            ? `${report.range.from} to ${report.range.to}, days in your time zone (${report.range.tz}).`
            : state.kind === 'loading'
              ? 'Loading…'
              : ''}
        </p>
      </div>

      {state.kind === 'error' ? (
        <p className="card card-pad text-fg-muted" role="alert">
          We couldn't load your usage. Please try again in a moment.
        </p>
      ) : null}

      {report ? <ReportView report={report} /> : null}
    </div>
  );
}

function ReportView({ report }: { report: AnalyticsReport }) {
  const labels = report.buckets.map(shortBucketLabel);
  const spent = report.totals.find((m) => m.key === 'creditsSpent')?.value ?? 0;
  const made = report.totals.find((m) => m.key === 'videos')?.value ?? 0;
  return (
    <>
      {isEmptyReport(report) ? (
        <section className="card card-pad" aria-labelledby="empty-title">
          <h2 id="empty-title" className="text-lg font-semibold text-fg">
            Nothing to chart yet
          </h2>
          <p className="mt-1 text-fg-muted">
            Your charts fill in as you create. Start with a video, or let the script generator write one for you.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/create" className="btn btn-primary btn-sm">
              Create a video
            </Link>
            <Link to="/scripts" className="btn btn-secondary btn-sm">
              Write a script
            </Link>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="totals-title">
        <h2 id="totals-title" className="sr-only">
          Totals
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {report.totals.map((metric) => {
            const change = changeText(metric, report.range.days);
            return (
              <li key={metric.key} className="card p-4" data-metric={metric.key}>
                <p className="text-sm text-fg-muted">{metric.label}</p>
                <p className="mt-1 text-2xl font-bold tabular-nums text-fg">
                  {formatMetric(metric.value, metric.unit)}
                </p>
                {change ? <p className="mt-1 text-xs text-fg-subtle">{change}</p> : null}
              </li>
            );
          })}
        </ul>
      </section>

      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard
          title="Credits spent by feature"
          summary={`Stacked bars of credits spent per ${report.range.bucket}, ${spent.toLocaleString('en-US')} in total. The table lists every figure.`}
          table={spendTable(report)}
        >
          {report.spend.length > 0 ? (
            <StackedBars
              name={`Credits spent per ${report.range.bucket}, by feature; the arrow keys step through the ${report.range.bucket}s`}
              labels={labels}
              series={report.spend.map((s) => ({
                label: s.label,
                values: s.values,
                color: SERIES_COLORS[s.source] ?? SERIES_COLORS.other!,
              }))}
            />
          ) : (
            <p className="text-fg-muted">No credits spent in this range.</p>
          )}
        </ChartCard>
        <ChartCard
          title="Videos by outcome"
          summary={`Stacked bars of videos per ${report.range.bucket} by outcome, ${made ?? 0} ready in total. The table lists every figure.`}
          table={videoTable(report)}
        >
          <StackedBars
            name={`Videos per ${report.range.bucket}, by outcome; the arrow keys step through the ${report.range.bucket}s`}
            labels={labels}
            series={[
              { label: 'Ready', values: report.videos.succeeded, color: SERIES_COLORS.succeeded! },
              { label: 'Failed', values: report.videos.failed, color: SERIES_COLORS.failed! },
              { label: 'Cancelled', values: report.videos.cancelled, color: SERIES_COLORS.cancelled! },
            ]}
          />
        </ChartCard>
      </div>
    </>
  );
}
