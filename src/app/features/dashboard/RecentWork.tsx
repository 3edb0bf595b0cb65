/** "Recent work": the newest few of each thing the user makes, each list with a way to all of them or to a first one. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate } from '~/app/components/format';
import { type History, useHistory } from '~/app/components/history';
import { Icon } from '~/app/components/Icon';
import { RentalStatusBadge } from '~/app/components/RentalStatusBadge';
import type { Rental } from '~/contract/gpu';
import type { ImageRecord } from '~/contract/images';
import type { ScriptSummary } from '~/contract/scripts';
import type { SpeechRecord } from '~/contract/speech';
import type { VideoRecord } from '~/contract/video';
import type { WatermarkRecord } from '~/contract/watermark';
import { STATUS_LABELS } from './labels';

/** A list's title inside a sentence: "Voice-overs" → "voice-overs", while "GPU" stays as written. */
const inSentence = (title: string) => title.replace(/\b[A-Z](?=[a-z])/g, (letter) => letter.toLowerCase());

/** What each list of "Recent work" holds, in the order the dashboard shows them. */
interface RecentItems {
  videos: VideoRecord;
  scripts: ScriptSummary;
  voiceOvers: SpeechRecord;
  images: ImageRecord;
  rentals: Rental;
  removals: WatermarkRecord;
}
type RecentLists = { [K in keyof RecentItems]: History<RecentItems[K]> };

/** The lists "Recent work" shows, and `reloadFinished` for when running work ends (which changes some of them). */
export function useRecentWork(): RecentLists & { reloadFinished: () => void } {
  const videos = useHistory<VideoRecord>('/videos', 4);
  const scripts = useHistory<ScriptSummary>('/scripts', 3);
  const voiceOvers = useHistory<SpeechRecord>('/speech', 3);
  const images = useHistory<ImageRecord>('/images', 4);
  // The rentals endpoint answers the whole (short) list at once; the dashboard shows the newest.
  const rentals = useHistory<Rental>('/gpu/rentals', 3, { listKey: 'rentals' });
  const removals = useHistory<WatermarkRecord>('/watermark-removal', 3);
  // Not scripts: a script is written within its request, so no running work ends in one.
  const reloadFinished = () => {
    void videos.reload();
    void voiceOvers.reload();
    void images.reload();
    void rentals.reload();
    void removals.reload();
  };
  return { videos, scripts, voiceOvers, images, rentals, removals, reloadFinished };
}

/** A list's texts and links, and how its items show (as `<li>`s). */
interface RecentListDefinition<T> {
  title: string;
  more: string;
  empty: string;
  start: { to: string; label: string };
  items: (items: T[]) => ReactNode;
}

const RECENT_LISTS: { [K in keyof RecentItems]: RecentListDefinition<RecentItems[K]> } = {
  videos: {
    title: 'Videos',
    more: '/history',
    empty: 'No videos yet.',
    start: { to: '/create', label: 'Create a video' },
    items: (videos) => videos.map((video) => <RecentVideo key={video.id} video={video} />),
  },
  scripts: {
    title: 'Scripts',
    more: '/scripts',
    empty: 'No scripts yet.',
    start: { to: '/scripts', label: 'Write a script' },
    items: (scripts) =>
      scripts.map((script) => (
        <li key={script.id}>
          <Link to={`/script/${script.id}`} className="block rounded-lg p-1 hover:bg-white/5">
            <span className="block truncate text-fg">{script.title}</span>
            <span className="text-sm text-fg-muted">{formatDate(script.createdAt)}</span>
          </Link>
        </li>
      )),
  },
  voiceOvers: {
    title: 'Voice-overs',
    more: '/voice',
    empty: 'No voice-overs yet.',
    start: { to: '/voice', label: 'Make a voice-over' },
    items: (voiceOvers) =>
      voiceOvers.map((speech) => (
        <li key={speech.id}>
          <Link to="/voice" className="block rounded-lg p-1 hover:bg-white/5">
            <span className="block truncate text-fg">{speech.text}</span>
            <span className="text-sm text-fg-muted">
              {speech.voiceName} · {STATUS_LABELS[speech.status]} · {formatDate(speech.createdAt)}
            </span>
          </Link>
        </li>
      )),
  },
  images: {
    title: 'Images',
    more: '/images',
    empty: 'No images yet.',
    start: { to: '/images', label: 'Generate an image' },
    items: (images) => <RecentImages images={images} />,
  },
  rentals: {
    title: 'GPU rentals',
    more: '/my-rentals',
    empty: 'No GPU rentals yet.',
    start: { to: '/rent-gpu', label: 'Rent a GPU' },
    items: (rentals) => rentals.slice(0, 3).map((rental) => <RecentRental key={rental.id} rental={rental} />),
  },
  removals: {
    title: 'Watermark removals',
    more: '/watermark-removal',
    empty: 'No watermark removals yet.',
    start: { to: '/watermark-removal', label: 'Clean a video' },
    items: (removals) =>
      removals.map((removal) => (
        <li key={removal.id}>
          <Link to="/watermark-removal" className="block rounded-lg p-1 hover:bg-white/5">
            <span className="block truncate text-fg">{removal.name}</span>
            <span className="text-sm text-fg-muted">
              {STATUS_LABELS[removal.status]} · {formatDate(removal.createdAt)}
            </span>
          </Link>
        </li>
      )),
  },
};
const ORDER = ['videos', 'scripts', 'voiceOvers', 'images', 'rentals', 'removals'] as const;

export function RecentWork({ lists }: { lists: RecentLists }) {
  return (
    <section aria-labelledby="recent-title">
      <h2 id="recent-title" className="text-xl font-semibold text-fg">
        Recent work
      </h2>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        {ORDER.map((kind) => (
          <RecentKind key={kind} kind={kind} lists={lists} />
        ))}
      </div>
    </section>
  );
}

/** One kind's list; generic so its definition and its history are known to hold the same items. */
function RecentKind<K extends keyof RecentItems>({ kind, lists }: { kind: K; lists: RecentLists }) {
  const definition: RecentListDefinition<RecentItems[K]> = RECENT_LISTS[kind];
  const history: History<RecentItems[K]> = lists[kind];
  return (
    <RecentList {...definition} state={history.state} count={history.items.length}>
      {definition.items(history.items)}
    </RecentList>
  );
}

function RecentVideo({ video }: { video: VideoRecord }) {
  return (
    <li>
      <Link to={`/nxn-agent/video/${video.id}`} className="flex items-center gap-3 rounded-lg p-1 hover:bg-white/5">
        {video.thumbnail ? (
          <img src={video.thumbnail.url} alt="" className="h-12 w-20 shrink-0 rounded object-cover" loading="lazy" />
        ) : (
          <span className="grid h-12 w-20 shrink-0 place-items-center rounded bg-white/5 text-fg-subtle">
            <Icon name="video" className="size-5" />
          </span>
        )}
        <span className="min-w-0 flex-1">
          <span className="block truncate text-fg">{video.title}</span>
          <span className="text-sm text-fg-muted">
            {STATUS_LABELS[video.status]} · {formatDate(video.createdAt)}
          </span>
        </span>
      </Link>
    </li>
  );
}

function RecentImages({ images }: { images: ImageRecord[] }) {
  return (
    <li>
      <Link
        to="/images"
        className="grid grid-cols-4 gap-2 rounded-lg p-1 hover:bg-white/5"
        aria-label="Open the image generator"
      >
        {images.map((image) =>
          image.url ? (
            <img
              key={image.id}
              src={image.url}
              alt={image.prompt}
              className="aspect-square w-full rounded object-cover"
              loading="lazy"
            />
          ) : (
            <span
              key={image.id}
              className="grid aspect-square place-items-center rounded bg-white/5 text-xs text-fg-subtle"
            >
              {STATUS_LABELS[image.status]}
            </span>
          ),
        )}
      </Link>
    </li>
  );
}

function RecentRental({ rental }: { rental: Rental }) {
  return (
    <li>
      <Link to="/my-rentals" className="flex items-center gap-3 rounded-lg p-1 hover:bg-white/5">
        <span className="min-w-0 flex-1">
          <span className="block truncate text-fg">
            {rental.gpuCount}× {rental.gpuModel}
          </span>
          <span className="text-sm text-fg-muted">
            {rental.costSoFar.toLocaleString('en-US')} credits · {formatDate(rental.createdAt)}
          </span>
        </span>
        <RentalStatusBadge status={rental.status} />
      </Link>
    </li>
  );
}

/** One kind of recent work: loading, failed, empty with a way to make a first one, or the list and a link to all. */
function RecentList({
  title,
  more,
  empty,
  start,
  state,
  count,
  children,
}: Omit<RecentListDefinition<never>, 'items'> & {
  state: 'loading' | 'ready' | 'error';
  count: number;
  children: ReactNode;
}) {
  return (
    <section className="card card-pad min-w-0" aria-label={`Recent ${inSentence(title)}`}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold text-fg">{title}</h3>
        {count > 0 ? (
          <Link to={more} className="text-sm text-brand-300 hover:underline">
            See all {inSentence(title)}
          </Link>
        ) : null}
      </div>
      {state === 'loading' ? (
        <p className="mt-3 text-sm text-fg-muted">Loading…</p>
      ) : state === 'error' ? (
        <p className="mt-3 text-sm text-fg-muted">Couldn't load these right now.</p>
      ) : count === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">
          {empty}{' '}
          <Link to={start.to} className="text-brand-300 underline">
            {start.label}
          </Link>
        </p>
      ) : (
        <ul className="mt-3 grid grid-cols-1 gap-2">{children}</ul>
      )}
    </section>
  );
}
