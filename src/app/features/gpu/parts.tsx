/** Pieces both GPU screens use: the sandbox label, a copyable line, prices, and the top-up on a refusal. */

import { copyText } from '~/app/components/files';
import { ApiError } from '~/lib/api/client';
import { openTopUp } from '~/stores/top-up';

export function SandboxBadge({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <span className="rounded-full border border-accent-400/40 bg-accent-400/10 px-2 py-0.5 text-xs font-medium text-accent-400">
      {label}
    </span>
  );
}

export function CopyLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-xs font-medium text-fg-subtle">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded-lg bg-ink-900 px-2 py-1 text-sm text-fg">{value}</code>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => void copyText(value, label)}
          aria-label={`Copy ${label}`}
        >
          Copy
        </button>
      </div>
    </div>
  );
}

export const perHour = (credits: number): string => `${credits} credit${credits === 1 ? '' : 's'}/h`;

/** A 402 opens the top-up dialog for the shortfall (its body carries `needed` and `available`); true when it did. */
export function topUpOnRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 402) return false;
  const body = error.body as { needed?: number; available?: number };
  openTopUp({ shortBy: Math.max(1, (body.needed ?? 0) - (body.available ?? 0)) });
  return true;
}
