/** The create screen's summary beside the steps: length, size, cost, balance, and the two ways to go on. */
import { Link } from 'react-router';
import { Figure } from '~/app/components/Figure';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import type { VideoResolution } from '~/contract/pricing';
import type { RenderAvailability } from '~/contract/system-tools';
import { formatDuration } from '~/contract/video';
import { rateText, type ScriptFigures } from './model';
import { RenderUnavailable } from './RenderUnavailable';

/** Which submit button is at work: the storyboard to review, or the video at once. */
export type Submit = 'storyboard' | 'render';

export function CreateSummary({
  figures,
  size,
  resolution,
  balance,
  blocker,
  busy,
  availability,
}: {
  figures: ScriptFigures;
  size: { width: number; height: number };
  resolution: VideoResolution;
  balance: number | null;
  /** Why the video cannot be rendered now (too long, too few credits), if it cannot. */
  blocker: string | null;
  busy: Submit | null;
  availability: RenderAvailability | null;
}) {
  const cannotRender = availability?.ready === false;
  return (
    <aside className="card card-pad grid gap-4 lg:sticky lg:top-24" aria-labelledby="summary-title">
      <h2 id="summary-title" className="text-lg font-semibold text-fg">
        Summary
      </h2>
      <dl className="divide-y divide-white/[0.06]">
        <Figure label="Length" value={`about ${formatDuration(figures.seconds)}`} />
        <Figure label="Video" value={`${size.width}×${size.height}`} />
        <Figure label="Cost" value={`${figures.cost} credits`} testId="video-cost" />
        <Figure
          label="Your balance"
          value={balance === null ? '—' : `${balance.toLocaleString('en-US')} credits`}
          testId="create-balance"
        />
      </dl>
      <p className="text-xs text-fg-subtle">
        {rateText(resolution)}, per started minute. The cost is held while the video is made and charged when it is
        ready, never more: a video that runs a started minute shorter costs that much less, and a failed or cancelled
        one nothing.
      </p>
      {blocker && figures.words > 0 ? (
        <p
          className="rounded-xl border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning"
          role="status"
          data-testid="submit-blocker"
        >
          {blocker}{' '}
          {!figures.lengthError ? (
            <Link to="/pricing" className="font-semibold underline">
              See credit prices
            </Link>
          ) : null}
        </p>
      ) : null}
      <button
        type="submit"
        name="mode"
        value="storyboard"
        className="btn btn-primary btn-lg w-full"
        disabled={busy !== null || Boolean(figures.lengthError)}
        aria-describedby="create-next"
      >
        {busy === 'storyboard' ? <Spinner /> : <Icon name="sparkles" className="size-5" />}
        {busy === 'storyboard' ? 'Making the scenes…' : 'Create video'}
      </button>
      <p id="create-next" className="-mt-2 text-center text-xs text-fg-subtle">
        Next you review the scenes (words, pictures, order) and render when they look right.
      </p>
      <RenderUnavailable availability={availability} />
      <button
        type="submit"
        name="mode"
        value="render"
        className="btn btn-ghost btn-sm w-full"
        disabled={busy !== null || Boolean(blocker) || cannotRender}
      >
        {busy === 'render' ? <Spinner /> : null}
        {busy === 'render' ? 'Starting…' : 'Render without reviewing'}
      </button>
    </aside>
  );
}
