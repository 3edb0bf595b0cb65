import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '~/app/components/ConfirmDialog';
import { formatDate } from '~/app/components/format';
import { Icon } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { brand } from '~/config/brand';
import type { VideoRecord } from '~/contract/video';
import { cancelVideo, deleteVideo, retryVideo } from './actions';
import { useVideo } from './live';
import { STATUS_LABELS } from './model';
import { SharePanel } from './SharePanel';
import { StatusBadge } from './StatusBadge';
import { Details } from './video/Details';
import { Player } from './video/Player';
import { Progress } from './video/Progress';
import { Stopped } from './video/Stopped';
import { VideoNotReady } from './video/VideoNotReady';

const DESCRIPTION = `One video made by ${brand.agentName}: its player, progress and download.`;

export default function AgentVideo() {
  const { videoId = '' } = useParams();
  const navigate = useNavigate();
  const { state, set, reload } = useVideo(videoId);
  const [busy, setBusy] = useState<'cancel' | 'retry' | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);

  async function act(kind: 'cancel' | 'retry', run: (id: string) => Promise<VideoRecord | null>) {
    setBusy(kind);
    const video = await run(videoId);
    if (video) set(video);
    setBusy(null);
  }
  async function remove() {
    setBusy('delete');
    const deleted = await deleteVideo(videoId);
    setBusy(null);
    setConfirming(false);
    if (deleted) navigate('/history');
  }

  if (state.kind !== 'ready') {
    return (
      <div className="grid gap-8">
        <ScreenHeader icon="video" title="Video" description={DESCRIPTION} />
        <VideoNotReady kind={state.kind} videoId={videoId} onReload={reload} />
      </div>
    );
  }

  const { video } = state;
  const running = video.status === 'queued' || video.status === 'active';
  return (
    <div className="grid gap-6">
      <ScreenHeader
        icon="video"
        title={<span className="block text-2xl sm:text-3xl">{video.title}</span>}
        description={`${STATUS_LABELS[video.status]} · made by ${brand.agentName} · ${formatDate(video.createdAt)}`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge video={video} />
          {video.storyboardId ? (
            <Link to={`/nxn-agent/storyboard/${video.storyboardId}`} className="btn btn-secondary btn-sm">
              <Icon name="script" className="size-4" />
              Edit storyboard
            </Link>
          ) : null}
          <Link to="/history" className="btn btn-secondary btn-sm">
            <Icon name="history" className="size-4" />
            All videos
          </Link>
        </div>
      </ScreenHeader>
      {running ? (
        <Progress video={video} onCancel={() => void act('cancel', cancelVideo)} cancelling={busy === 'cancel'} />
      ) : null}
      {video.status === 'failed' || video.status === 'cancelled' ? (
        <Stopped video={video} onRetry={() => void act('retry', retryVideo)} retrying={busy === 'retry'} />
      ) : null}
      {video.status === 'succeeded' ? <Player video={video} onExpired={reload} /> : null}
      {video.status === 'succeeded' ? <SharePanel videoId={video.id} /> : null}
      <Details video={video} />
      <div className="flex flex-wrap justify-between gap-2">
        <Link to="/create" className="btn btn-secondary">
          <Icon name="sparkles" className="size-4" />
          Make another video
        </Link>
        <button type="button" className="btn btn-ghost text-danger" onClick={() => setConfirming(true)}>
          <Icon name="trash" className="size-4" />
          Delete video
        </button>
      </div>
      {confirming ? (
        <ConfirmDialog
          title="Delete this video?"
          confirmLabel="Delete"
          busy={busy === 'delete'}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          {running ? 'It is still being made: deleting stops it and returns its credits. ' : ''}The video, its
          thumbnail, its subtitles and the images you uploaded only for it are removed for good.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
