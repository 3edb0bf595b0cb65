/** "Studios": the way into each studio, with a line on what it makes. */
import { Link } from 'react-router';
import { Icon, type IconName } from '~/app/components/Icon';
import { brand } from '~/config/brand';

const STUDIOS: { to: string; icon: IconName; title: string; text: string }[] = [
  { to: '/create', icon: 'video', title: brand.agentName, text: 'Turn a script into a narrated HD video.' },
  { to: '/scripts', icon: 'script', title: 'Script generator', text: 'Get a ready-to-record script from a topic.' },
  { to: '/voice', icon: 'voice', title: 'Text to speech', text: 'Turn text into natural-sounding speech.' },
  { to: '/images', icon: 'image', title: 'Image generator', text: 'Describe an image and get original artwork.' },
  { to: '/rent-gpu', icon: 'gpu', title: 'GPU rental', text: 'Rent cloud GPUs by the hour.' },
  {
    to: '/watermark-removal',
    icon: 'wand',
    title: 'Watermark removal',
    text: 'Take logos and text marks out of your own videos.',
  },
];

export function Studios() {
  return (
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
                  <Icon
                    name="arrowRight"
                    className="size-4 text-fg-subtle transition-transform group-hover:translate-x-0.5"
                  />
                </span>
                <span className="mt-1 block text-sm text-fg-muted">{studio.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
