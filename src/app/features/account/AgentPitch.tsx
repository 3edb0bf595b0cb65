import { Icon } from '~/app/components/Icon';
import { Logo } from '~/app/components/Logo';
import { brand } from '~/config/brand';

const HIGHLIGHTS = ['Videos up to 5 minutes', '50+ AI voices', 'HD quality', 'No editing skills needed'];

/** The left half on wide screens: what the agent does, beside the form. */
export function AgentPitch() {
  return (
    <aside className="relative hidden flex-col justify-between overflow-hidden border-r border-white/[0.06] p-12 lg:flex">
      <div
        className="absolute inset-0 -z-10 opacity-40 [background-image:linear-gradient(rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.04)_1px,transparent_1px)] [background-size:50px_50px]"
        aria-hidden="true"
      />
      <Logo />
      <div className="max-w-lg">
        <span className="badge">Introducing {brand.agentName}</span>
        <p className="mt-6 text-5xl font-bold leading-tight tracking-tight text-fg">
          Your Script, Our AI, <span className="text-gradient">Perfect Videos</span>
        </p>
        <ul className="mt-8 grid grid-cols-2 gap-3">
          {HIGHLIGHTS.map((item) => (
            <li key={item} className="flex items-center gap-2 text-fg-muted">
              <span className="grid size-6 place-items-center rounded-full bg-success/15 text-success">
                <Icon name="check" className="size-3.5" />
              </span>
              {item}
            </li>
          ))}
        </ul>
      </div>
      <p className="text-sm text-fg-subtle">No credit card required • Free signup with credits</p>
    </aside>
  );
}
