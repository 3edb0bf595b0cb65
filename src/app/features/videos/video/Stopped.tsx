import { Link } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';
import type { VideoRecord } from '~/contract/video';
import { RenderUnavailable, useRenderAvailability } from '../RenderUnavailable';
import { StepList } from './Progress';

function RetryButton({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <button type="button" className="btn btn-primary" onClick={onRetry} disabled={retrying}>
      {retrying ? <Spinner /> : <Icon name="refresh" className="size-4" />}
      Try again
    </button>
  );
}

/**
 * A video that failed because the server lacks a tool: trying again is offered only once the server can make
 * videos (someone installed it); until then the notice says what is missing.
 */
function SetupProblem({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { availability } = useRenderAvailability();
  if (!availability) return null;
  return availability.ready ? (
    <RetryButton onRetry={onRetry} retrying={retrying} />
  ) : (
    <RenderUnavailable availability={availability} />
  );
}

export function Stopped({ video, onRetry, retrying }: { video: VideoRecord; onRetry: () => void; retrying: boolean }) {
  const failed = video.status === 'failed';
  const setup = failed && video.setupFailure;
  return (
    <section
      className={`card card-pad grid gap-4 border ${failed ? '!border-danger/40' : ''}`}
      aria-labelledby="stopped-title"
      data-testid="video-stopped"
    >
      <div className="flex items-start gap-3">
        <span
          className={`grid size-10 shrink-0 place-items-center rounded-xl ${failed ? 'bg-danger/15 text-danger' : 'bg-white/10 text-fg-muted'}`}
        >
          <Icon name={failed ? 'alert' : 'info'} className="size-5" />
        </span>
        <div>
          <h2 id="stopped-title" className="text-lg font-semibold text-fg">
            {failed ? "This video couldn't be made" : 'This video was cancelled'}
          </h2>
          <p className="mt-1 text-fg-muted" data-testid="video-error">
            {failed ? video.error : 'It stopped before it was finished.'}
          </p>
          {/* A set-up failure's message already says nothing was charged. */}
          {setup ? null : (
            <p className="mt-2 text-sm text-fg-subtle">
              No credits were charged for it. Trying again holds {video.cost} credits until it is ready.
            </p>
          )}
        </div>
      </div>
      {failed && !setup ? <StepList video={video} /> : null}
      {setup ? <SetupProblem onRetry={onRetry} retrying={retrying} /> : null}
      <div className="flex flex-wrap gap-2">
        {setup ? null : <RetryButton onRetry={onRetry} retrying={retrying} />}
        <Link to="/create" className="btn btn-secondary">
          Start a new video
        </Link>
      </div>
    </section>
  );
}
