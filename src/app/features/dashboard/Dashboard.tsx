import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BalanceTrend, SOURCE_LABELS, type ActivityItem, type LedgerSource } from '~/contract/analytics';
import type { Rental } from '~/contract/gpu';
import type { ImageRecord } from '~/contract/images';
import type { ScriptSummary } from '~/contract/scripts';
import type { SpeechRecord } from '~/contract/speech';
import { VIDEO_STAGE_LABELS, type VideoRecord } from '~/contract/video';
import type { WatermarkRecord } from '~/contract/watermark';
import { brand } from '~/config/brand';
import { api } from '~/lib/api/client';
import { browserTimeZone } from '~/lib/time-zone';
import { $account, refreshAccount } from '~/stores/account';
import { $auth } from '~/stores/auth';
import { openTopUp } from '~/stores/top-up';
import { useActivity } from './activity';
import { Sparkline } from './Sparkline';
import { formatDate } from '../../components/format';
import { useHistory } from '../../components/history';
import { Icon, type IconName } from '../../components/Icon';
import { RENTAL_STATUS_LABELS, RentalStatusBadge } from '../../components/RentalStatusBadge';

const STUDIOS: { to: string; icon: IconName; title: string; text: string }[] = [
  { to: '/create', icon: 'video', title: brand.agentName, text: 'Turn a script into a narrated HD video.' },
  { to: '/scripts', icon: 'script', title: 'Script generator', text: 'Get a ready-to-record script from a topic.' },
  { to: '/voice', icon: 'voice', title: 'Text to speech', text: 'Turn text into natural-sounding speech.' },
  { to: '/images', icon: 'image', title: 'Image generator', text: 'Describe an image and get original artwork.' },
  { to: '/rent-gpu', icon: 'gpu', title: 'GPU rental', text: 'Rent cloud GPUs by the hour.' },
  { to: '/watermark-removal', icon: 'wand', title: 'Watermark removal', text: 'Take logos and text marks out of your own videos.' },
];

const STATUS_LABELS: Record<string, string> = {
  ...RENTAL_STATUS_LABELS,
  queued: 'Queued',
  active: 'In progress',
  succeeded: 'Ready',
  failed: 'Failed',
  cancelled: 'Cancelled',
  // A watermark removal uploaded and waiting for the user's boxes.
  uploaded: 'Ready to edit',
};

/** A list's title inside a sentence: "Voice-overs" → "voice-overs", while "GPU" stays as written. */
const inSentence = (title: string) => title.replace(/\b[A-Z](?=[a-z])/g, (letter) => letter.toLowerCase());

const firstName = (name: string | null | undefined, email: string | null | undefined) =>
  name?.trim().split(/\s+/)[0] || email?.split('@')[0] || 'there';

const stageLabel = (item: ActivityItem) =>
  item.stage && Object.hasOwn(VIDEO_STAGE_LABELS, item.stage) ? VIDEO_STAGE_LABELS[item.stage as keyof typeof VIDEO_STAGE_LABELS] : (item.stage ?? STATUS_LABELS[item.status] ?? item.status);

/** Home of the signed-in app: the balance and its trend, work in progress, recent work, and the way into each studio. */
export default function Dashboard() {
  const auth = useStore($auth);
  const account = useStore($account);
  const user = auth.status === 'resolved' ? auth.user : null;
  const tz = useMemo(browserTimeZone, []);
  const [trend, setTrend] = useState<BalanceTrend | null>(null);
  const videos = useHistory<VideoRecord>('/videos', 4);
  const scripts = useHistory<ScriptSummary>('/scripts', 3);
  const voiceOvers = useHistory<SpeechRecord>('/speech', 3);
  const images = useHistory<ImageRecord>('/images', 4);
  // The rentals endpoint answers the whole (short) list at once; the dashboard shows the newest.
  const rentals = useHistory<Rental>('/gpu/rentals', 3, { listKey: 'rentals' });
  const removals = useHistory<WatermarkRecord>('/watermark-removal', 3);

  useEffect(() => {
    const abort = new AbortController();
    api
      .get<BalanceTrend>(`/analytics/balance?tz=${encodeURIComponent(tz)}`, { parse: (data) => BalanceTrend.parse(data), signal: abort.signal })
      .then(setTrend)
      .catch(() => undefined);
    return () => abort.abort();
  }, [tz, account?.credits.balance]);

  // Something finished: its record, the balance and the lists are out of date.
  const activity = useActivity(() => {
    void refreshAccount();
    void videos.reload();
    void voiceOvers.reload();
    void images.reload();
    void rentals.reload();
    void removals.reload();
  });

  const trendLabel = trend
    ? `Balance over the last 30 days: ${trend.balance[0]!.toLocaleString('en-US')} credits on ${trend.days[0]}, ${trend.balance.at(-1)!.toLocaleString('en-US')} today.`
    : '';

  return (
    <div className="grid gap-8">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-medium text-brand-300">Dashboard</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-fg sm:text-4xl">Welcome, {firstName(user?.displayName, user?.email)}</h1>
          <p className="mt-2 text-fg-muted">Pick a studio to start creating, or check your credits.</p>
        </div>
        <Link to="/analytics" className="btn btn-secondary btn-sm self-start">
          <Icon name="chart" className="size-4" />
          See your analytics
        </Link>
      </header>

      <section className="card card-pad flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between" aria-labelledby="credits-title">
        <div className="flex items-center gap-4">
          <span className="grid size-12 place-items-center rounded-2xl bg-accent-400/10 text-accent-400">
            <Icon name="coins" className="size-6" />
          </span>
          <div>
            <h2 id="credits-title" className="text-sm font-medium text-fg-muted">
              Credit balance
            </h2>
            <p className="text-3xl font-bold text-fg">
              {account ? account.credits.balance.toLocaleString('en-US') : '—'}
              <span className="ml-2 text-base font-medium text-fg-muted">credits</span>
            </p>
            {account && account.credits.reserved > 0 ? (
              <p className="text-sm text-fg-subtle">{account.credits.reserved.toLocaleString('en-US')} held by work in progress</p>
            ) : null}
            {account ? null : <p className="text-sm text-fg-subtle">Your balance shows here once our servers answer.</p>}
          </div>
        </div>
        {trend ? (
          <div className="flex flex-col text-brand-300">
            <Sparkline values={trend.balance} label={trendLabel} />
            <span className="text-xs text-fg-subtle">Last 30 days</span>
          </div>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={() => openTopUp()}>
          Get more credits
        </button>
      </section>

      <section aria-labelledby="progress-title">
        <h2 id="progress-title" className="text-xl font-semibold text-fg">
          Work in progress
        </h2>
        {activity === null ? (
          <p className="mt-3 text-fg-muted">Loading…</p>
        ) : activity.length === 0 ? (
          <p className="mt-3 text-fg-muted">Nothing is being made right now. Anything you start shows its progress here.</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-3">
            {activity.map((item) => (
              <li key={item.id} className="card p-4" data-testid="activity-item">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="min-w-0 truncate font-medium text-fg">
                    <span className="text-fg-muted">{SOURCE_LABELS[item.source as LedgerSource] ?? item.source}: </span>
                    {item.href ? (
                      <Link to={item.href} className="hover:underline">
                        {item.title}
                      </Link>
                    ) : (
                      item.title
                    )}
                  </p>
                  <span className="text-sm text-fg-muted">{[stageLabel(item), item.detail].filter(Boolean).join(' · ')}</span>
                </div>
                {item.progress !== null ? (
                  <div
                    className="mt-3 h-2 overflow-hidden rounded-full bg-white/10"
                    role="progressbar"
                    aria-label={`${item.title}: progress`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(item.progress * 100)}
                  >
                    <div className="h-full bg-brand-400 transition-[width]" style={{ width: `${Math.round(item.progress * 100)}%` }} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="recent-title">
        <h2 id="recent-title" className="text-xl font-semibold text-fg">
          Recent work
        </h2>
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <RecentList title="Videos" more="/history" empty="No videos yet." start={{ to: '/create', label: 'Create a video' }} state={videos.state} count={videos.items.length}>
            {videos.items.map((video) => (
              <li key={video.id}>
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
            ))}
          </RecentList>
          <RecentList title="Scripts" more="/scripts" empty="No scripts yet." start={{ to: '/scripts', label: 'Write a script' }} state={scripts.state} count={scripts.items.length}>
            {scripts.items.map((script) => (
              <li key={script.id}>
                <Link to={`/script/${script.id}`} className="block rounded-lg p-1 hover:bg-white/5">
                  <span className="block truncate text-fg">{script.title}</span>
                  <span className="text-sm text-fg-muted">{formatDate(script.createdAt)}</span>
                </Link>
              </li>
            ))}
          </RecentList>
          <RecentList title="Voice-overs" more="/voice" empty="No voice-overs yet." start={{ to: '/voice', label: 'Make a voice-over' }} state={voiceOvers.state} count={voiceOvers.items.length}>
            {voiceOvers.items.map((speech) => (
              <li key={speech.id}>
                <Link to="/voice" className="block rounded-lg p-1 hover:bg-white/5">
                  <span className="block truncate text-fg">{speech.text}</span>
                  <span className="text-sm text-fg-muted">
                    {speech.voiceName} · {STATUS_LABELS[speech.status]} · {formatDate(speech.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </RecentList>
          <RecentList title="Images" more="/images" empty="No images yet." start={{ to: '/images', label: 'Generate an image' }} state={images.state} count={images.items.length}>
            <li>
              <Link to="/images" className="grid grid-cols-4 gap-2 rounded-lg p-1 hover:bg-white/5" aria-label="Open the image generator">
                {images.items.map((image) =>
                  image.url ? (
                    <img key={image.id} src={image.url} alt={image.prompt} className="aspect-square w-full rounded object-cover" loading="lazy" />
                  ) : (
                    <span key={image.id} className="grid aspect-square place-items-center rounded bg-white/5 text-xs text-fg-subtle">
                      {STATUS_LABELS[image.status]}
                    </span>
                  ),
                )}
              </Link>
            </li>
          </RecentList>
          <RecentList title="GPU rentals" more="/my-rentals" empty="No GPU rentals yet." start={{ to: '/rent-gpu', label: 'Rent a GPU' }} state={rentals.state} count={rentals.items.length}>
            {rentals.items.slice(0, 3).map((rental) => (
              <li key={rental.id}>
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
            ))}
          </RecentList>
          <RecentList
            title="Watermark removals"
            more="/watermark-removal"
            empty="No watermark removals yet."
            start={{ to: '/watermark-removal', label: 'Clean a video' }}
            state={removals.state}
            count={removals.items.length}
          >
            {removals.items.map((removal) => (
              <li key={removal.id}>
                <Link to="/watermark-removal" className="block rounded-lg p-1 hover:bg-white/5">
                  <span className="block truncate text-fg">{removal.name}</span>
                  <span className="text-sm text-fg-muted">
                    {STATUS_LABELS[removal.status]} · {formatDate(removal.createdAt)}
                  </span>
                </Link>
              </li>
            ))}
          </RecentList>
        </div>
      </section>

      <section aria-labelledby="studios-title">
        <h2 id="studios-title" className="text-xl font-semibold text-fg">
          Studios
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {STUDIOS.map((studio) => (
            <li key={studio.to}>
              <Link
                to={studio.to}
                className="card card-pad group flex h-full items-start gap-4 transition-colors hover:border-brand-400/40 hover:bg-ink-800/80"
              >
                <span className="grid size-11 shrink-0 place-items-center rounded-xl border border-brand-500/30 bg-brand-500/10 text-brand-300">
                  <Icon name={studio.icon} className="size-5" />
                </span>
                <span className="flex-1">
                  <span className="flex items-center gap-2 font-semibold text-fg">
                    {studio.title}
                    <Icon name="arrowRight" className="size-4 text-fg-subtle transition-transform group-hover:translate-x-0.5" />
                  </span>
                  <span className="mt-1 block text-sm text-fg-muted">{studio.text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function RecentList({
  title,
  more,
  empty,
  start,
  state,
  count,
  children,
}: {
  title: string;
  more: string;
  empty: string;
  start: { to: string; label: string };
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
