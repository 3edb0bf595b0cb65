import { Link } from 'react-router';
import { Icon } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { brand } from '~/config/brand';
import { type SaveStatus, type StoryboardEditorState, storyboardEditor } from './store';

const DESCRIPTION = `Check each scene before ${brand.agentName} renders: edit the words, change the pictures, reorder, then render.`;

/** While the storyboard loads, or when it cannot be shown. */
export function StoryboardNotLoaded({
  phase,
  onRetry,
}: {
  phase: StoryboardEditorState['phase'];
  onRetry: () => void;
}) {
  return (
    <div className="grid gap-8">
      <ScreenHeader icon="video" title="Storyboard" description={DESCRIPTION} />
      {phase === 'missing' || phase === 'error' ? (
        <section className="card card-pad grid justify-items-start gap-3" aria-labelledby="missing-title">
          <h2 id="missing-title" className="text-lg font-semibold text-fg">
            {phase === 'missing' ? 'Storyboard not found' : "The storyboard couldn't be loaded"}
          </h2>
          <p className="text-fg-muted">
            {phase === 'missing'
              ? 'It may have been deleted, or the link may belong to someone else.'
              : 'Check your connection and try again.'}
          </p>
          <div className="flex flex-wrap gap-2">
            {phase === 'error' ? (
              <button type="button" className="btn btn-primary btn-sm" onClick={onRetry}>
                <Icon name="refresh" className="size-4" />
                Try again
              </button>
            ) : null}
            <Link to="/history" className="btn btn-secondary btn-sm">
              <Icon name="history" className="size-4" />
              Your videos
            </Link>
          </div>
        </section>
      ) : (
        <p className="flex items-center gap-2 text-fg-muted" role="status">
          <Spinner /> Loading the storyboard…
        </p>
      )}
    </div>
  );
}

/** What stops the edits from being saved: another tab's newer version, a failed save, or a refused setting. */
export function SaveAlerts({
  save,
  problem,
  otherErrors,
}: {
  save: SaveStatus;
  problem: string | null;
  otherErrors: [string, string][];
}) {
  return (
    <>
      {save === 'conflict' ? (
        <section
          className="flex flex-wrap items-center gap-3 rounded-xl border border-warning/30 bg-warning/10 px-4 py-3 text-sm text-warning"
          role="alert"
        >
          <Icon name="alert" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1">
            This storyboard was changed in another tab or on another device. Reload it to carry on from that version;
            the edits made here since are not saved.
          </p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void storyboardEditor.reload()}>
            <Icon name="refresh" className="size-4" />
            Reload
          </button>
        </section>
      ) : null}
      {save === 'failed' ? (
        <section
          className="flex flex-wrap items-center gap-3 rounded-xl border border-warning/30 bg-warning/10 px-4 py-3 text-sm text-warning"
          role="alert"
        >
          <Icon name="wifiOff" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1">Your last changes are not saved. {problem}</p>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => void storyboardEditor.retry()}>
            <Icon name="refresh" className="size-4" />
            Try again
          </button>
        </section>
      ) : null}
      {otherErrors.length > 0 ? (
        <ul
          className="grid gap-1 rounded-xl border border-danger/30 bg-danger/10 px-4 py-3 text-sm text-danger"
          role="alert"
        >
          {otherErrors.map(([path, message]) => (
            <li key={path}>{message}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
