/** "Work in progress": each queued or running job (and running GPU rental), its stage and, when known, its progress. */
import { Link } from 'react-router';
import { type ActivityItem, type LedgerSource, SOURCE_LABELS } from '~/contract/analytics';
import { stageLabel } from './labels';

/** `activity` is null until the first answer. */
export function WorkInProgress({ activity }: { activity: ActivityItem[] | null }) {
  return (
    <section aria-labelledby="progress-title">
      <h2 id="progress-title" className="text-xl font-semibold text-fg">
        Work in progress
      </h2>
      {activity === null ? (
        <p className="mt-3 text-fg-muted">Loading…</p>
      ) : activity.length === 0 ? (
        <p className="mt-3 text-fg-muted">
          Nothing is being made right now. Anything you start shows its progress here.
        </p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-3">
          {activity.map((item) => (
            <RunningItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RunningItem({ item }: { item: ActivityItem }) {
  return (
    <li className="card p-4" data-testid="activity-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 truncate font-medium text-fg">
          <span className="text-fg-muted">{SOURCE_LABELS[item.source as LedgerSource] ?? item.source}: </span>
          {item.href ? (
            <Link to={item.href} className="hover:underline">
              {item.title}
            </Link>
          ) : (
            item.title
          )}
        </p>
        <span className="text-sm text-fg-muted">{[stageLabel(item), item.detail].filter(Boolean).join(' · ')}</span>
      </div>
      {item.progress !== null ? (
        <div
          className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
          role="progressbar"
          aria-label={`${item.title}: progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(item.progress * 100)}
        >
          <div
            className="h-full bg-brand-400 transition-[width]"
            style={{ width: `${Math.round(item.progress * 100)}%` }}
          />
        </div>
      ) : null}
    </li>
  );
}
