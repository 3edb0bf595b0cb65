import { Icon } from '~/app/components/Icon';

/** Names the engine that made a result; the offline engines say plainly that they are not AI. */
export function EngineBadge({ label, kind }: { label: string; kind: 'ai' | 'offline' }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-medium ${
        kind === 'ai' ? 'border-cyan-400/30 bg-cyan-400/10 text-cyan-300' : 'border-white/15 bg-white/5 text-fg-muted'
      }`}
      data-testid="engine-badge"
    >
      <Icon name={kind === 'ai' ? 'sparkles' : 'info'} className="size-3.5" />
      {label}
    </span>
  );
}
