import { Link } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { Spinner } from '~/app/components/Spinner';

/** The video page while its video is loading, missing from the account, or could not be loaded. */
export function VideoNotReady({
  kind,
  videoId,
  onReload,
}: {
  kind: 'loading' | 'missing' | 'error';
  videoId: string;
  onReload: () => void;
}) {
  return kind === 'loading' ? (
    <p className="flex items-center gap-2 text-fg-muted" role="status">
      <Spinner /> Loading the video…
    </p>
  ) : (
    <section className="card card-pad grid justify-items-start gap-3" aria-labelledby="missing-title">
      <h2 id="missing-title" className="text-lg font-semibold text-fg">
        {kind === 'missing' ? 'Video not found' : "The video couldn't be loaded"}
      </h2>
      <p className="text-fg-muted">
        {kind === 'missing' ? (
          <>
            There is no video with the ID{' '}
            <code className="rounded bg-white/10 px-1.5 py-0.5 font-mono text-fg" data-testid="video-id">
              {videoId}
            </code>{' '}
            in your account. It may have been deleted, or the link may belong to someone else.
          </>
        ) : (
          'Check your connection and try again.'
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        {kind === 'error' ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={onReload}>
            <Icon name="refresh" className="size-4" />
            Try again
          </button>
        ) : null}
        <Link to="/history" className="btn btn-secondary btn-sm">
          <Icon name="history" className="size-4" />
          Your videos
        </Link>
        <Link to="/create" className="btn btn-ghost btn-sm">
          Create a video
        </Link>
      </div>
    </section>
  );
}
