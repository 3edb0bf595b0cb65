/** Beside the scenes: how many, how long, the cost against the balance, and the render button. */
import { Link } from 'react-router';
import { Figure } from '~/app/components/Figure';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import type { VideoResolution } from '~/contract/pricing';
import type { RenderAvailability } from '~/contract/system-tools';
import { formatDuration } from '~/contract/video';
import { rateText } from '../model';
import { RenderUnavailable } from '../RenderUnavailable';
import type { StoryboardTotals } from './model';

export function StoryboardSummary({
  totals,
  cost,
  balance,
  resolution,
  availability,
  rendering,
  blocked,
  onRender,
}: {
  totals: StoryboardTotals;
  cost: number;
  balance: number | null;
  resolution: VideoResolution;
  availability: RenderAvailability | null;
  rendering: boolean;
  /** The render button is off (a conflict to reload first, or a server that cannot render). */
  blocked: boolean;
  onRender: () => void;
}) {
  return (
    <section id="storyboard-summary" className="card card-pad grid scroll-mt-24 gap-3" aria-labelledby="totals-title">
      <h2 id="totals-title" className="text-lg font-semibold text-fg">
        Summary
      </h2>
      <dl className="divide-y divide-white/[0.06]">
        <Figure label="Scenes" value={String(totals.scenes)} testId="storyboard-scenes" />
        <Figure label="Length" value={`about ${formatDuration(totals.seconds)}`} testId="storyboard-length" />
        <Figure label="Cost" value={`${cost} credits`} testId="storyboard-cost" />
        <Figure label="Your balance" value={balance === null ? '—' : `${balance.toLocaleString('en-US')} credits`} />
      </dl>
      <p className="text-xs text-fg-subtle">
        {rateText(resolution)}, per started minute. Credits are held while the video is made and charged when it is
        ready. Rendering again after an edit reuses every unchanged scene’s narration and picture.
      </p>
      {balance !== null && cost > balance ? (
        <p className="rounded-xl border border-warning/30 bg-warning/10 px-3 py-2 text-sm text-warning" role="status">
          This video needs {cost} credits and you have {balance}.{' '}
          <Link to="/pricing" className="font-semibold underline">
            Get more credits
          </Link>
        </p>
      ) : null}
      <RenderUnavailable availability={availability} />
      <button
        type="button"
        className="btn btn-primary w-full sm:w-auto"
        onClick={onRender}
        disabled={rendering || blocked}
        data-testid="render-video"
      >
        {rendering ? <Spinner /> : <Icon name="sparkles" className="size-5" />}
        {rendering ? 'Starting…' : 'Render video'}
      </button>
    </section>
  );
}
