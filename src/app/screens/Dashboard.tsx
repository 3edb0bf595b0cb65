import { useStore } from '@nanostores/react';
import { Link } from 'react-router';
import { brand } from '~/config/brand';
import { $account } from '~/stores/account';
import { $auth } from '~/stores/auth';
import { openTopUp } from '~/stores/top-up';
import { Icon, type IconName } from '../components/Icon';

const STUDIOS: { to: string; icon: IconName; title: string; text: string }[] = [
  { to: '/create', icon: 'video', title: brand.agentName, text: 'Turn a script into a narrated HD video.' },
  { to: '/scripts', icon: 'script', title: 'Script generator', text: 'Get a ready-to-record script from a topic.' },
  { to: '/voice', icon: 'voice', title: 'Text to speech', text: 'Turn text into natural-sounding speech.' },
  { to: '/images', icon: 'image', title: 'Image generator', text: 'Describe an image and get original artwork.' },
  { to: '/rent-gpu', icon: 'gpu', title: 'GPU rental', text: 'Rent cloud GPUs by the hour.' },
  { to: '/watermark-removal', icon: 'wand', title: 'Watermark removal', text: 'Take logos and text marks out of your own videos.' },
];

const firstName = (name: string | null | undefined, email: string | null | undefined) =>
  name?.trim().split(/\s+/)[0] || email?.split('@')[0] || 'there';

/** Home of the signed-in app: who you are, your balance, and the way into each studio. */
export default function Dashboard() {
  const auth = useStore($auth);
  const account = useStore($account);
  const user = auth.status === 'resolved' ? auth.user : null;

  return (
    <div className="grid gap-8">
      <header>
        <p className="text-sm font-medium text-brand-300">Dashboard</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
          Welcome, {firstName(user?.displayName, user?.email)}
        </h1>
        <p className="mt-2 text-fg-muted">Pick a studio to start creating, or check your credits.</p>
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
        <button type="button" className="btn btn-primary" onClick={() => openTopUp()}>
          Get more credits
        </button>
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
