/** "Your images": the gallery of generations, newest first, each with its file, its settings and what can be done with it. */

import { copyText, downloadUrl } from '~/app/components/files';
import { formatDate } from '~/app/components/format';
import { HistoryList } from '~/app/components/HistoryList';
import type { History } from '~/app/components/history';
import { Spinner } from '~/app/components/Spinner';
import { ASPECT_LABELS, ASPECT_SIZES, type ImageAspect, type ImageRecord, STYLE_PRESETS } from '~/contract/images';
import { EngineBadge } from './EngineBadge';

const ratio = (aspect: ImageAspect) => {
  const { width, height } = ASPECT_SIZES[aspect];
  return `${width} / ${height}`;
};
const fileName = (r: ImageRecord) =>
  `nxn-image-${r.seed ?? 'x'}-${r.id.slice(0, 8)}.${r.contentType === 'image/jpeg' ? 'jpg' : 'png'}`;

export function ImageHistory({
  history,
  onReuse,
  onDelete,
}: {
  history: History<ImageRecord>;
  onReuse: (image: ImageRecord) => void;
  onDelete: (image: ImageRecord) => void;
}) {
  return (
    <section aria-labelledby="gallery-title" className="grid gap-4">
      <h2 id="gallery-title" className="text-lg font-semibold text-fg">
        Your images
      </h2>
      <HistoryList
        history={history}
        loading="Loading your images…"
        failed="Your images could not be loaded."
        empty="No images yet. Your generations appear here, newest first."
        emptyClassName="card card-pad"
      >
        {(items) => (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {items.map((image) => (
              <ImageCard key={image.id} image={image} onReuse={() => onReuse(image)} onDelete={() => onDelete(image)} />
            ))}
          </div>
        )}
      </HistoryList>
    </section>
  );
}

function ImageCard({ image, onReuse, onDelete }: { image: ImageRecord; onReuse: () => void; onDelete: () => void }) {
  return (
    <figure className="card overflow-hidden" data-testid="image-card" aria-label={`Image: ${image.prompt}`}>
      <div className="relative bg-ink-900" style={{ aspectRatio: ratio(image.aspect) }}>
        {image.status === 'succeeded' && image.url ? (
          <img
            src={image.url}
            alt={image.prompt}
            crossOrigin="anonymous"
            className="absolute inset-0 size-full object-cover"
            loading="lazy"
          />
        ) : image.status === 'failed' ? (
          <div className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-danger" role="alert">
            {image.error}
          </div>
        ) : (
          <div
            className="absolute inset-0 grid animate-pulse place-items-center bg-gradient-to-br from-brand-500/20 to-cyan-400/10 text-sm text-fg-muted"
            role="status"
          >
            <span className="flex items-center gap-2">
              <Spinner /> {image.status === 'queued' ? 'Queued…' : 'Making your image…'}
            </span>
          </div>
        )}
      </div>
      <figcaption className="grid gap-2 p-3">
        <p className="line-clamp-2 text-sm text-fg" title={image.prompt}>
          {image.prompt}
        </p>
        <div className="flex flex-wrap items-center gap-2 text-xs text-fg-subtle">
          <EngineBadge label={image.engine.label} kind={image.engine.id === 'offline' ? 'offline' : 'ai'} />
          <span>
            {[
              image.width && image.height ? `${image.width}×${image.height}` : ASPECT_LABELS[image.aspect],
              image.style !== 'none' ? STYLE_PRESETS[image.style].label : '',
              `seed ${image.seed}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
          <time dateTime={image.createdAt}>{formatDate(image.createdAt)}</time>
        </div>
        <div className="flex flex-wrap gap-1.5">
          {image.status === 'succeeded' && image.url ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void downloadUrl(image.url!, fileName(image))}
            >
              Download
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copyText(image.prompt, 'Prompt')}>
            Copy prompt
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onReuse}>
            Reuse settings
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onDelete}>
            Delete
          </button>
        </div>
      </figcaption>
    </figure>
  );
}
