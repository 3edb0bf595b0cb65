/** A GPU rental's state in words, as the rental screens and the dashboard show it. */
import type { RentalStatus } from '~/contract/gpu';

export const RENTAL_STATUS_LABELS: Record<RentalStatus, string> = {
  requested: 'Requested',
  provisioning: 'Starting',
  running: 'Running',
  stopping: 'Stopping',
  stopped: 'Stopped',
  terminated: 'Terminated',
  failed: 'Failed',
};

/** Each tone's text is at least 4.5:1 on the card (the colour only adds to the word, never replaces it). */
const STATUS_TONE: Record<RentalStatus, string> = {
  requested: 'border-accent-400/40 bg-accent-400/10 text-accent-400',
  provisioning: 'border-accent-400/40 bg-accent-400/10 text-accent-400',
  running: 'border-success/40 bg-success/10 text-success',
  stopping: 'border-cyan-300/40 bg-cyan-300/10 text-cyan-300',
  stopped: 'border-cyan-300/40 bg-cyan-300/10 text-cyan-300',
  terminated: 'border-white/15 bg-ink-800 text-fg-muted',
  failed: 'border-danger/40 bg-danger/10 text-danger',
};

export function RentalStatusBadge({ status }: { status: RentalStatus }) {
  return (
    <span
      className={`rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_TONE[status]}`}
      data-testid="rental-status"
    >
      {RENTAL_STATUS_LABELS[status]}
    </span>
  );
}
