import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '~/app/components/ConfirmDialog';
import { downloadUrl } from '~/app/components/files';
import { formatDate } from '~/app/components/format';
import { Icon } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { brand } from '~/config/brand';
import { musicTrack } from '~/contract/music';
import {
  ASPECT_LABELS,
  CAPTION_LABELS,
  CAPTION_POSITION_LABELS,
  CAPTION_SIZE_LABELS,
  describePicture,
  formatDuration,
  type ScenePicture,
  STOCK_PROVIDER_NAMES,
  type StockCredit,
  type VideoRecord,
} from '~/contract/video';
import { cancelVideo, deleteVideo, fileStem, retryVideo } from './actions';
import { useVideo } from './live';
import { percent, progressHeadline, progressSteps, STATUS_LABELS, type Step } from './model';
import { PicturesDetail } from './PicturesDetail';
import { RenderUnavailable, useRenderAvailability } from './RenderUnavailable';
import { SharePanel } from './SharePanel';
import { StatusBadge } from './StatusBadge';

const DESCRIPTION = `One video made by ${brand.agentName}: its player, progress and download.`;

function StepIcon({ state }: { state: Step['state'] }) {
  if (state === 'done') return <Icon name="check" className="size-4 text-success" />;
  if (state === 'current') return <Spinner className="size-4" />;
  if (state === 'failed') return <Icon name="close" className="size-4 text-danger" />;
  return <span className="size-2 rounded-full bg-white/20" />;
}

function StepList({ video }: { video: VideoRecord }) {
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

function Progress({ video, onCancel, cancelling }: { video: VideoRecord; onCancel: () => void; cancelling: boolean }) {
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

function Stopped({ video, onRetry, retrying }: { video: VideoRecord; onRetry: () => void; retrying: boolean }) {
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

function Player({ video, onExpired }: { video: VideoRecord; onExpired: () => void }) {
  const [downloading, setDownloading] = useState<'mp4' | 'srt' | 'vtt' | null>(null);
  const refreshed = useRef(false);
  const file = video.video;
  if (!file) return null;
  const ratio = video.width / video.height;
  async function download(kind: 'mp4' | 'srt' | 'vtt', url: string) {
    setDownloading(kind);
    await downloadUrl(url, `${fileStem(video)}.${kind}`);
    setDownloading(null);
  }
  return (
    <section className="card overflow-hidden" aria-label="Your video">
      <div className="bg-black">
        <video
          className="mx-auto block bg-black"
          style={{
            width: `min(100%, calc(72dvh * ${ratio.toFixed(4)}))`,
            aspectRatio: `${video.width} / ${video.height}`,
          }}
          src={file.url}
          poster={video.thumbnail?.url}
          controls
          playsInline
          preload="metadata"
          data-testid="video-player"
          // Signed links last an hour; a page left open longer fetches fresh ones (once: other errors would loop).
          onError={() => {
            if (refreshed.current) return;
            refreshed.current = true;
            onExpired();
          }}
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 p-4">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          onClick={() => void download('mp4', file.url)}
          disabled={downloading !== null}
        >
          {downloading === 'mp4' ? <Spinner /> : <Icon name="download" className="size-4" />}
          Download MP4
        </button>
        {video.subtitles ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void download('srt', video.subtitles!.url)}
            disabled={downloading !== null}
          >
            {downloading === 'srt' ? <Spinner /> : <Icon name="captions" className="size-4" />}
            Download subtitles (SRT)
          </button>
        ) : null}
        {video.captionsVtt ? (
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => void download('vtt', video.captionsVtt!.url)}
            disabled={downloading !== null}
          >
            {downloading === 'vtt' ? <Spinner /> : <Icon name="captions" className="size-4" />}
            Download captions (WebVTT)
          </button>
        ) : null}
        <span className="ml-auto text-xs text-fg-subtle">
          {(file.size / (1024 * 1024)).toFixed(1)} MB · H.264 + AAC
        </span>
      </div>
    </section>
  );
}

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs uppercase tracking-wide text-fg-subtle">{label}</dt>
      <dd className="text-sm text-fg" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const scenesText = (scenes: readonly number[]): string =>
  `${scenes.length === 1 ? 'Scene' : 'Scenes'} ${scenes.join(', ')}`;

/**
 * Pexels asks for a link back to it and credits photographers and videographers where possible; Pixabay needs no
 * attribution, but its source is shown all the same so every photo and clip can be traced.
 */
function StockCredits({ credits }: { credits: readonly StockCredit[] }) {
  const link = 'text-cyan-300 underline underline-offset-2 hover:text-cyan-200';
  return (
    <div className="grid gap-2" data-testid="video-stock-credits">
      <h3 className="text-sm font-medium text-fg">
        {credits.some((c) => c.media === 'video') ? 'Stock photos and clips' : 'Stock photos'}
      </h3>
      <ul className="grid gap-1.5 text-sm text-fg-muted">
        {credits.map((credit) => (
          <li key={credit.sourceUrl}>
            <a className={link} href={credit.sourceUrl} target="_blank" rel="noopener noreferrer">
              {credit.media === 'video' ? 'Video' : 'Photo'}
            </a>{' '}
            by{' '}
            {credit.authorUrl ? (
              <a className={link} href={credit.authorUrl} target="_blank" rel="noopener noreferrer">
                {credit.author}
              </a>
            ) : (
              credit.author
            )}{' '}
            on{' '}
            <a
              className={link}
              href={credit.provider === 'pexels' ? 'https://www.pexels.com' : 'https://pixabay.com'}
              target="_blank"
              rel="noopener noreferrer"
            >
              {STOCK_PROVIDER_NAMES[credit.provider]}
            </a>
            <span className="text-fg-subtle"> · {scenesText(credit.scenes)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What each scene showed, in words ("Scene 1: Illustration: coffee, farm, Ethiopia"); kept since pictures were. */
function ScenePictures({ pictures }: { pictures: readonly ScenePicture[] }) {
  return (
    <div className="grid gap-2" data-testid="video-pictures">
      <h3 className="text-sm font-medium text-fg">Pictures</h3>
      <ol className="grid gap-x-6 gap-y-1.5 text-sm text-fg-muted sm:grid-cols-2">
        {pictures.map((picture, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: scenes are listed by their place in the video, which is what the number says
          <li key={i} className="min-w-0 break-words">
            <span className="text-fg-subtle">Scene {i + 1}:</span> {describePicture(picture)}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Details({ video }: { video: VideoRecord }) {
  return (
    <section className="card card-pad grid gap-5" aria-labelledby="details-title">
      <h2 id="details-title" className="text-lg font-semibold text-fg">
        Details
      </h2>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Detail label="Duration" testId="video-duration">
          {video.durationSec === null
            ? `about ${formatDuration(video.estimatedSec)}`
            : formatDuration(video.durationSec)}
        </Detail>
        <Detail label="Resolution" testId="video-resolution">
          {video.width}×{video.height} · {video.resolution}
        </Detail>
        <Detail label="Aspect">{ASPECT_LABELS[video.aspect]}</Detail>
        <Detail label="Voice" testId="video-voice">
          {video.voiceName}
          {video.voiceLanguage ? <span className="text-fg-muted"> · {video.voiceLanguage}</span> : null}
        </Detail>
        <Detail label="Captions">
          {CAPTION_LABELS[video.captions]}
          {video.captions === 'off' ? null : (
            <span className="text-fg-muted">
              {' '}
              · {CAPTION_POSITION_LABELS[video.captionOptions.position]},{' '}
              {CAPTION_SIZE_LABELS[video.captionOptions.size].toLowerCase()}
            </span>
          )}
        </Detail>
        <Detail label="Visuals">
          <PicturesDetail video={video} />
        </Detail>
        <Detail label="Music" testId="video-music">
          {video.music.enabled && video.music.upload ? (
            <>
              Your music: {video.music.upload.name ?? 'uploaded track'}, {video.music.volume}%
            </>
          ) : video.music.enabled ? (
            <>
              {musicTrack(video.music.track).name}, {video.music.volume}%
              <span className="block text-xs text-fg-muted">{musicTrack(video.music.track).licence}</span>
            </>
          ) : (
            'Off'
          )}
        </Detail>
        <Detail label="Brand kit" testId="video-brand-kit">
          {video.brandKit ? 'Applied' : 'Not applied'}
          {video.brandKit ? (
            <span className="block text-xs text-fg-muted">As it was when the video was created</span>
          ) : null}
        </Detail>
        <Detail label="Created" testId="video-created">
          <time dateTime={video.createdAt}>{formatDate(video.createdAt)}</time>
        </Detail>
        <Detail label="Credits">
          {video.status === 'succeeded'
            ? `${video.creditsCharged} charged`
            : video.status === 'failed' || video.status === 'cancelled'
              ? 'None charged'
              : `${video.cost} held`}
        </Detail>
      </dl>
      {video.pictures.length > 0 ? <ScenePictures pictures={video.pictures} /> : null}
      {video.stockCredits.length > 0 ? <StockCredits credits={video.stockCredits} /> : null}
      <details className="group rounded-xl border border-white/10 bg-white/[0.02]">
        <summary className="flex cursor-pointer items-center justify-between gap-2 px-4 py-3 text-sm font-medium text-fg">
          Script
          <Icon name="chevronDown" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <p className="whitespace-pre-wrap border-t border-white/10 px-4 py-3 text-sm text-fg-muted">{video.script}</p>
      </details>
    </section>
  );
}

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
        {state.kind === 'loading' ? (
          <p className="flex items-center gap-2 text-fg-muted" role="status">
            <Spinner /> Loading the video…
          </p>
        ) : (
          <section className="card card-pad grid justify-items-start gap-3" aria-labelledby="missing-title">
            <h2 id="missing-title" className="text-lg font-semibold text-fg">
              {state.kind === 'missing' ? 'Video not found' : "The video couldn't be loaded"}
            </h2>
            <p className="text-fg-muted">
              {state.kind === 'missing' ? (
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
              {state.kind === 'error' ? (
                <button type="button" className="btn btn-primary btn-sm" onClick={reload}>
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
        )}
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
