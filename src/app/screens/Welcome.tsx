import { useStore } from '@nanostores/react';
import { Link } from 'react-router';
import { brand } from '~/config/brand';
import { $account } from '~/stores/account';
import { Icon, type IconName } from '../components/Icon';
import { ScreenHeader } from '../components/Screen';

const STEPS: { icon: IconName; title: string; text: string; to: string; cta: string }[] = [
  { icon: 'script', title: 'Write or generate a script', text: 'Bring your own text, or let the script generator draft one from a topic.', to: '/scripts', cta: 'Script generator' },
  { icon: 'voice', title: 'Choose a voice', text: 'Pick the AI voice that fits your audience and preview how it sounds.', to: '/voice', cta: 'Text to speech' },
  { icon: 'video', title: `Let ${brand.agentName} make the video`, text: 'Paste the script and get a narrated HD video with visuals and captions.', to: '/create', cta: 'Create a video' },
];

/** Onboarding: what the product does, in the order a new user would use it. */
export default function Welcome() {
  const account = useStore($account);
  return (
    <div>
      <ScreenHeader icon="sparkles" title={`Welcome to ${brand.productName}`} description="Three steps from an idea to a finished video." />
      {account && account.credits.balance > 0 ? (
        <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-accent-400/30 bg-accent-400/10 px-4 py-2 text-sm text-fg">
          <Icon name="coins" className="size-4 text-accent-400" />
          You have {account.credits.balance.toLocaleString('en-US')} free credits to start with.
        </p>
      ) : null}
      <ol className="mt-8 grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.to} className="card card-pad flex flex-col">
            <span className="text-sm font-semibold text-brand-300">Step {index + 1}</span>
            <span className="mt-3 grid size-11 place-items-center rounded-xl bg-brand-500/10 text-brand-300">
              <Icon name={step.icon} className="size-5" />
            </span>
            <h2 className="mt-4 text-lg font-semibold text-fg">{step.title}</h2>
            <p className="mt-1 flex-1 text-sm text-fg-muted">{step.text}</p>
            <Link to={step.to} className="btn btn-secondary btn-sm mt-5 self-start">
              {step.cta}
              <Icon name="arrowRight" className="size-4" />
            </Link>
          </li>
        ))}
      </ol>
      <Link to="/dashboard" className="btn btn-primary mt-8">
        Go to your dashboard
      </Link>
    </div>
  );
}
