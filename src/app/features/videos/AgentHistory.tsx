import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '~/app/components/ConfirmDialog';
import { formatDate } from '~/app/components/format';
import { LoadMore } from '~/app/components/HistoryList';
import { useHistory } from '~/app/components/history';
import { Icon } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { brand } from '~/config/brand';
import { formatDuration, type VideoRecord } from '~/contract/video';
import { deleteStoryboard, deleteVideo, retryVideo } from './actions';
import { useLiveVideos } from './live';
import { percent, videoHref } from './model';
import { StatusBadge } from './StatusBadge';

function Thumbnail({ video }: { video: VideoRecord }) {
  const running = video.status === 'queued' || video.status === 'active';
  return (
    <Link
      to={videoHref(video)}
      className="relative block aspect-video overflow-hidden bg-ink-900"
      tabIndex={-1}
      aria-hidden="true"
    >
      {video.thumbnail ? (
        <img
          src={video.thumbnail.url}
          alt=""
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          loading="lazy"
        />
      ) : (
        <span className="grid size-full place-items-center bg-[radial-gradient(circle_at_30%_20%,rgb(139_92_246/0.35),transparent_60%),radial-gradient(circle_at_80%_90%,rgb(34_211_238/0.2),transparent_55%)]">
          {running ? (
            <Spinner className="size-7" />
          ) : (
            <Icon name={video.status === 'draft' ? 'script' : 'video'} className="size-8 text-fg-subtle" />
          )}
        </span>
      )}
      <span className="absolute bottom-2 right-2 rounded-md bg-ink-950/85 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-fg">
        {video.durationSec === null ? `~${formatDuration(video.estimatedSec)}` : formatDuration(video.durationSec)}
      </span>
      {running ? (
        <span className="absolute inset-x-0 bottom-0 h-1 bg-white/10">
          <span
            className="block h-full bg-gradient-to-r from-brand-500 to-cyan-400 transition-[width] duration-700"
            style={{ width: `${percent(video.progress)}%` }}
          />
        </span>
      ) : null}
    </Link>
  );
}

function VideoCard({
  video,
  onRetry,
  onDelete,
  retrying,
}: {
  video: VideoRecord;
  onRetry: () => void;
  onDelete: () => void;
  retrying: boolean;
}) {
  const stopped = video.status === 'failed' || video.status === 'cancelled';
  const draft = video.status === 'draft';
  return (
    <li className="group card flex flex-col overflow-hidden" data-testid="history-item">
      <Thumbnail video={video} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <Link to={videoHref(video)} className="line-clamp-2 font-medium text-fg hover:text-brand-300">
            {video.title}
          </Link>
          <StatusBadge video={video} />
        </div>
        <p className="text-xs text-fg-subtle">
          <time dateTime={video.createdAt}>{formatDate(video.createdAt)}</time> · {video.resolution} · {video.voiceName}
        </p>
        {video.status === 'failed' && video.error ? (
          <p className="line-clamp-2 text-xs text-danger">{video.error}</p>
        ) : null}
        <div className="mt-auto flex items-center gap-2 pt-1">
          <Link to={videoHref(video)} className="btn btn-secondary btn-sm">
            {draft ? 'Edit storyboard' : video.status === 'succeeded' ? 'Watch' : stopped ? 'Details' : 'Progress'}
          </Link>
          {stopped ? (
            <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry} disabled={retrying}>
              {retrying ? <Spinner /> : <Icon name="refresh" className="size-4" />}
              Try again
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-ghost btn-sm ml-auto !px-2.5 text-fg-subtle hover:!text-danger"
            onClick={onDelete}
            aria-label={`Delete “${video.title}”`}
          >
            <Icon name="trash" className="size-4" />
          </button>
        </div>
      </div>
    </li>
  );
}

export default function AgentHistory() {
  const history = useHistory<VideoRecord>('/videos', 12);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ video: VideoRecord; busy: boolean } | null>(null);
  useLiveVideos(history.items, history.replace);

  async function retry(video: VideoRecord) {
    setRetrying(video.id);
    const updated = await retryVideo(video.id);
    if (updated) history.replace([updated]);
    setRetrying(null);
  }
  async function confirmDelete() {
    if (!deleting) return;
    setDeleting({ ...deleting, busy: true });
    const { video } = deleting;
    if (await (video.status === 'draft' ? deleteStoryboard(video.storyboardId ?? video.id) : deleteVideo(video.id)))
      history.remove(video.id);
    setDeleting(null);
  }

  return (
    <div className="grid gap-8">
      <ScreenHeader
        icon="history"
        title="Video history"
        description={`Every video ${brand.agentName} has made for you, newest first, with its status and download.`}
      >
        <Link to="/create" className="btn btn-primary btn-sm self-start sm:self-auto">
          <Icon name="sparkles" className="size-4" />
          Create a video
        </Link>
      </ScreenHeader>
      {history.state === 'loading' ? (
        <p className="flex items-center gap-2 text-fg-muted" role="status">
          <Spinner /> Loading your videos…
        </p>
      ) : history.state === 'error' ? (
        <section className="card card-pad grid justify-items-start gap-3">
          <h2 className="text-lg font-semibold text-fg">Your videos couldn't be loaded</h2>
          <p className="text-fg-muted">Check your connection and try again.</p>
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void history.reload()}>
            <Icon name="refresh" className="size-4" />
            Try again
          </button>
        </section>
      ) : history.items.length === 0 ? (
        <section
          className="card card-pad grid justify-items-center gap-4 py-12 text-center"
          data-testid="history-empty"
        >
          <span className="grid size-14 place-items-center rounded-2xl border border-brand-500/30 bg-brand-500/10 text-brand-300">
            <Icon name="video" className="size-7" />
          </span>
          <h2 className="text-xl font-semibold text-fg">No videos yet</h2>
          <p className="max-w-md text-fg-muted">
            Paste a script, pick a voice, and your first narrated video is ready in minutes. It will show up here.
          </p>
          <Link to="/create" className="btn btn-primary">
            <Icon name="sparkles" className="size-4" />
            Create your first video
          </Link>
        </section>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Your videos">
          {history.items.map((video) => (
            <VideoCard
              key={video.id}
              video={video}
              retrying={retrying === video.id}
              onRetry={() => void retry(video)}
              onDelete={() => setDeleting({ video, busy: false })}
            />
          ))}
        </ul>
      )}
      <LoadMore hasMore={history.hasMore} loading={history.loadingMore} onClick={() => void history.loadMore()} />
      {deleting ? (
        <ConfirmDialog
          title={deleting.video.status === 'draft' ? 'Delete this draft?' : 'Delete this video?'}
          confirmLabel="Delete"
          busy={deleting.busy}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        >
          “{deleting.video.title}” {deleting.video.status === 'draft' ? 'and its scenes are' : 'and its files are'}{' '}
          removed for good.
          {deleting.video.status === 'queued' || deleting.video.status === 'active'
            ? ' It is still being made: deleting stops it and returns its credits.'
            : ''}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
