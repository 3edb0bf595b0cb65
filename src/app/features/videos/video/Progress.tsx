import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import { formatDuration, type VideoRecord } from '~/contract/video';
import { percent, progressHeadline, progressSteps, type Step } from '../model';

function StepIcon({ state }: { state: Step['state'] }) {
  if (state === 'done') return <Icon name="check" className="size-4 text-success" />;
  if (state === 'current') return <Spinner className="size-4" />;
  if (state === 'failed') return <Icon name="close" className="size-4 text-danger" />;
  return <span className="size-2 rounded-full bg-white/20" />;
}

export function StepList({ video }: { video: VideoRecord }) {
  return (
    <ol className="grid gap-1 sm:grid-cols-2" aria-label="Stages">
      {progressSteps(video).map((step) => (
        <li
          key={step.id}
          className={`flex items-center gap-3 rounded-lg px-2 py-1.5 text-sm ${step.state === 'current' ? 'bg-white/5 text-fg' : step.state === 'done' ? 'text-fg-muted' : step.state === 'failed' ? 'text-danger' : 'text-fg-subtle'}`}
          data-state={step.state}
        >
          <span className="grid size-5 place-items-center" aria-hidden="true">
            <StepIcon state={step.state} />
          </span>
          {step.label}
          <span className="sr-only">
            {step.state === 'done'
              ? ' (done)'
              : step.state === 'current'
                ? ' (in progress)'
                : step.state === 'failed'
                  ? ' (failed)'
                  : ''}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function Progress({
  video,
  onCancel,
  cancelling,
}: {
  video: VideoRecord;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const value = percent(video.progress);
  const headline = progressHeadline(video);
  return (
    <section className="card card-pad grid gap-5" aria-labelledby="progress-title" data-testid="video-progress">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="progress-title" className="text-lg font-semibold text-fg">
            {video.status === 'queued' ? 'Your video is in the queue' : 'Making your video'}
          </h2>
          <p className="mt-1 text-sm text-fg-muted" aria-live="polite" data-testid="progress-stage">
            {headline}
          </p>
        </div>
        <span className="text-3xl font-bold tabular-nums text-fg" data-testid="progress-percent">
          {value}%
        </span>
      </div>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-white/10"
        role="progressbar"
        aria-label="Video progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%${headline ? `, ${headline}` : ''}`}
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-500 to-cyan-400 transition-[width] duration-700"
          style={{ width: `${value}%` }}
        />
      </div>
      <StepList video={video} />
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-white/10 pt-4">
        <p className="text-xs text-fg-subtle">
          About {formatDuration(video.estimatedSec)} of video. You can leave this page; the video keeps being made and
          appears in your history.
        </p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onCancel} disabled={cancelling}>
          {cancelling ? <Spinner /> : <Icon name="close" className="size-4" />}
          Cancel
        </button>
      </div>
    </section>
  );
}
