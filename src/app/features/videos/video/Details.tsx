import type { ReactNode } from 'react';
import { formatDate } from '~/app/components/format';
import { Icon } from '~/app/components/Icon';
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
import { PicturesDetail } from '../PicturesDetail';

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

export function Details({ video }: { video: VideoRecord }) {
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
