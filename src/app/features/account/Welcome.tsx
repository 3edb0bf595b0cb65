import { useStore } from '@nanostores/react';
import { Link, useNavigate } from 'react-router';
import { Icon, type IconName } from '~/app/components/Icon';
import { ScreenHeader } from '~/app/components/Screen';
import { brand } from '~/config/brand';
import { SIGNUP_GRANT } from '~/contract/pricing';
import { CREATE_HANDOFF_URL, saveCreateHandoff } from '~/lib/create-handoff';
import { $account } from '~/stores/account';
import { $signupGrant } from '~/stores/auth';

/** Short enough to render in about a minute on the free voices, so the first video costs little of the grant. */
const SAMPLE_SCRIPT = {
  title: 'Three habits for better sleep',
  script:
    'Want better sleep tonight? Start with three simple habits.\n\n' +
    'First, keep the same bedtime every day, even on weekends. Your body loves a rhythm.\n\n' +
    'Second, put your phone away thirty minutes before bed. Dim light tells your brain it is time to rest.\n\n' +
    'Third, keep your bedroom cool and dark. Then close your eyes, and let the day go.',
};

const STEPS: { icon: IconName; title: string; text: string; to: string; cta: string }[] = [
  {
    icon: 'script',
    title: 'Write or generate a script',
    text: 'Bring your own text, or let the script generator draft one from a topic.',
    to: '/scripts',
    cta: 'Script generator',
  },
  {
    icon: 'voice',
    title: 'Choose a voice',
    text: 'Pick the AI voice that fits your audience and preview how it sounds.',
    to: '/voice',
    cta: 'Text to speech',
  },
  {
    icon: 'video',
    title: `Let ${brand.agentName} make the video`,
    text: 'Paste the script and get a narrated HD video with visuals and captions.',
    to: '/create',
    cta: 'Create a video',
  },
];

/** Onboarding, where a new account lands once: its free credits, and a first video one click away. */
export default function Welcome() {
  const account = useStore($account);
  const granted = useStore($signupGrant) ?? SIGNUP_GRANT;
  const navigate = useNavigate();

  const startSample = () => {
    saveCreateHandoff({ script: SAMPLE_SCRIPT.script, title: SAMPLE_SCRIPT.title, aspect: '16:9' });
    void navigate(CREATE_HANDOFF_URL);
  };

  return (
    <div>
      <ScreenHeader
        icon="sparkles"
        title={`Welcome to ${brand.productName}`}
        description="Three steps from an idea to a finished video."
      />
      <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-accent-400/30 bg-accent-400/10 px-4 py-2 text-sm text-fg">
        <Icon name="coins" className="size-4 text-accent-400" />
        Your account comes with {granted.toLocaleString('en-US')} free credits
        {account ? `; your balance is ${account.credits.balance.toLocaleString('en-US')}.` : '.'}
      </p>

      <section
        className="card card-pad mt-6 flex flex-col gap-4 border-brand-400/40 sm:flex-row sm:items-center"
        aria-labelledby="first-video-title"
      >
        <span className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-500/15 text-brand-300">
          <Icon name="video" className="size-6" />
        </span>
        <div className="flex-1">
          <h2 id="first-video-title" className="text-lg font-semibold text-fg">
            Make your first video in one click
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            We wrote a short sample script, “{SAMPLE_SCRIPT.title}”. Open it in the video editor, pick a voice and press
            create.
          </p>
        </div>
        <button type="button" className="btn btn-primary self-start sm:self-center" onClick={startSample}>
          Use the sample script
          <Icon name="arrowRight" className="size-4" />
        </button>
      </section>

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
      <Link to="/dashboard" className="btn btn-secondary mt-8">
        Go to your dashboard
      </Link>
    </div>
  );
}
