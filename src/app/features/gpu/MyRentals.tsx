import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ConfirmDialog } from '~/app/components/ConfirmDialog';
import { formatDuration } from '~/app/components/format';
import { RENTAL_STATUS_LABELS, RentalStatusBadge } from '~/app/components/RentalStatusBadge';
import { handleStudioError } from '~/app/components/request-errors';
import { ScreenHeader } from '~/app/components/Screen';
import { Spinner } from '~/app/components/Spinner';
import { LOW_CREDIT_MINUTES, type Rental, type RentalList } from '~/contract/gpu';
import { api } from '~/lib/api/client';
import { usePolling } from '~/lib/polling';
import { refreshAccount } from '~/stores/account';
import { openTopUp } from '~/stores/top-up';
import { CopyLine, perHour, SandboxBadge, topUpOnRefusal } from './parts';
import { followRentals, warnLowCredit } from './store';

const POLL_MS = 3_000;
const isOver = (r: Rental) => r.status === 'terminated' || r.status === 'failed';

/** Stop and Terminate ask first (each says what it does to the machine); Start does not. */
type Confirmable = 'stop' | 'terminate';

/**
 * How to reach the machine. A sandbox rental has no machine: its SSH endpoint only greets and hangs up, and its links
 * are made-up addresses, so they are shown as what they are instead of as links to open.
 */
function Connection({ rental }: { rental: Rental }) {
  if (!rental.connection) return null;
  const sandbox = rental.sandboxLabel !== null;
  return (
    <div className="grid gap-2">
      {sandbox ? (
        <p className="rounded-lg border border-accent-400/40 bg-accent-400/10 p-2 text-sm text-fg" role="note">
          This is the sandbox: no real machine runs behind these addresses. The SSH command reaches a stand-in that only
          greets and hangs up, and there is no Jupyter or other web app at the links below.
        </p>
      ) : null}
      {rental.connection.ssh ? <CopyLine label="SSH command" value={rental.connection.ssh} /> : null}
      {rental.connection.links.map((link) => (
        <div key={link.url} className="grid gap-1">
          <CopyLine label={link.label} value={link.url} />
          {sandbox ? (
            <p className="text-sm text-fg-muted">No {link.label} to open: this address is made up by the sandbox.</p>
          ) : (
            <a className="text-sm text-brand-300 underline" href={link.url} target="_blank" rel="noreferrer">
              Open {link.label}
            </a>
          )}
        </div>
      ))}
    </div>
  );
}

/** Uptime, rate, cost so far, time left on the balance (in red when it is low) and where the machine runs. */
function RentalFigures({ rental, low }: { rental: Rental; low: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-5">
      <div>
        <dt className="text-fg-subtle">Uptime</dt>
        <dd className="text-fg" data-testid="rental-uptime">
          {formatDuration(rental.uptimeMs)}
        </dd>
      </div>
      <div>
        <dt className="text-fg-subtle">Rate</dt>
        <dd className="text-fg">
          {perHour(rental.creditsPerHour)}
          {rental.stoppedCreditsPerHour > 0 ? ` (stopped: ${perHour(rental.stoppedCreditsPerHour)})` : ''}
        </dd>
      </div>
      <div>
        <dt className="text-fg-subtle">Cost so far</dt>
        <dd className="text-fg" data-testid="rental-cost">
          {rental.costSoFar} {rental.costSoFar === 1 ? 'credit' : 'credits'}
        </dd>
      </div>
      {rental.minutesLeft !== null ? (
        <div>
          <dt className="text-fg-subtle">Time left</dt>
          <dd className={low ? 'font-medium text-danger' : 'text-fg'} data-testid="rental-time-left">
            {rental.minutesLeft < 1 ? 'Under a minute' : `About ${formatDuration(rental.minutesLeft * 60_000)}`}
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="text-fg-subtle">Where</dt>
        <dd className="text-fg">
          {rental.region} · {rental.provider === 'runpod' ? 'RunPod' : 'Lambda'}
        </dd>
      </div>
    </dl>
  );
}

function RentalCard({
  rental,
  onStart,
  onConfirm,
  busy,
}: {
  rental: Rental;
  onStart: () => void;
  onConfirm: (action: Confirmable) => void;
  busy: boolean;
}) {
  const low = rental.minutesLeft !== null && rental.minutesLeft <= LOW_CREDIT_MINUTES;
  return (
    <li
      className="card card-pad grid gap-3"
      data-testid="gpu-rental"
      aria-label={`${rental.gpuCount}× ${rental.gpuModel}, ${RENTAL_STATUS_LABELS[rental.status]}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-fg">
          {rental.gpuCount}× {rental.gpuModel}
        </h2>
        <RentalStatusBadge status={rental.status} />
        <SandboxBadge label={rental.sandboxLabel} />
      </div>
      {rental.statusReason ? (
        <p className="text-sm text-fg-muted" role="status">
          {rental.statusReason}
        </p>
      ) : null}
      {low ? (
        <p className="rounded-lg border border-danger/40 bg-danger/10 p-2 text-sm text-fg" role="alert">
          About {rental.minutesLeft} minutes of credit left. The machine stops automatically before your credits run
          out.{' '}
          <button type="button" className="underline" onClick={() => openTopUp({})}>
            Add credits
          </button>
        </p>
      ) : null}
      <RentalFigures rental={rental} low={low} />
      <Connection rental={rental} />
      {!rental.supportsStop && !isOver(rental) ? (
        <p className="text-xs text-fg-muted">
          This provider cannot stop and resume machines: terminate it when you are done.
        </p>
      ) : null}
      {isOver(rental) ? null : (
        <div className="flex flex-wrap gap-2">
          {rental.supportsStop && rental.status === 'running' ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={busy}
              onClick={() => onConfirm('stop')}
            >
              Stop
            </button>
          ) : null}
          {rental.supportsStop && rental.status === 'stopped' ? (
            <button type="button" className="btn btn-secondary btn-sm" disabled={busy} onClick={onStart}>
              Start
            </button>
          ) : null}
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => onConfirm('terminate')}>
            Terminate
          </button>
        </div>
      )}
    </li>
  );
}

const TERMINATE_CONSEQUENCE =
  'Terminating deletes the machine and everything on its disk, for good: copy off anything you want to keep first. Billing ends when it is terminated.';

/** What stopping does: running work ends, the disk stays, and what a stopped machine costs until it is terminated. */
function stopConsequence(rental: Pick<Rental, 'stoppedCreditsPerHour'>): string {
  const cost =
    rental.stoppedCreditsPerHour > 0
      ? `costs ${perHour(rental.stoppedCreditsPerHour)} for its disk until you terminate it`
      : 'costs nothing while stopped';
  return `Stopping shuts the machine down: whatever is running on it ends. Its disk is kept, so you can start it again later; it ${cost}.`;
}

export default function MyRentals() {
  const [rentals, setRentals] = useState<Rental[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ rental: Rental; action: Confirmable } | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await api.get<RentalList>('/gpu/rentals');
      setRentals(list.rentals);
      warnLowCredit(list);
    } catch (error) {
      handleStudioError(error);
      setRentals((current) => current ?? []);
    }
  }, []);

  useEffect(() => {
    void load();
    // Low-credit warnings keep coming on other screens once the user leaves this one.
    followRentals();
  }, [load]);
  const live = rentals?.some((r) => !isOver(r)) ?? false;
  usePolling(live ? 'rentals' : null, load, { intervalMs: POLL_MS, immediate: false });

  const act = async (rental: Rental, action: 'stop' | 'start' | 'terminate') => {
    setBusy(rental.id);
    try {
      const updated = await api.post<Rental>(`/gpu/rentals/${rental.id}/${action}`);
      setRentals((list) => list?.map((r) => (r.id === updated.id ? updated : r)) ?? null);
      void refreshAccount();
      if (action === 'terminate') toast.success('The machine was terminated.');
    } catch (error) {
      if (!topUpOnRefusal(error)) handleStudioError(error);
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  return (
    <div className="grid gap-6">
      <ScreenHeader
        icon="gpu"
        title="My rentals"
        description="The GPUs you have rented, with their status and the time left on each."
      >
        <Link to="/rent-gpu" className="btn btn-primary btn-sm">
          Rent a GPU
        </Link>
      </ScreenHeader>
      {rentals === null ? (
        <p className="flex items-center gap-2 text-fg-muted" role="status">
          <Spinner /> Loading your rentals…
        </p>
      ) : rentals.length === 0 ? (
        <p className="text-fg-muted">You have not rented a GPU yet.</p>
      ) : (
        <ul className="grid gap-3">
          {rentals.map((rental) => (
            <RentalCard
              key={rental.id}
              rental={rental}
              busy={busy === rental.id}
              onStart={() => void act(rental, 'start')}
              onConfirm={(action) => setConfirming({ rental, action })}
            />
          ))}
        </ul>
      )}
      {confirming ? (
        <ConfirmDialog
          title={confirming.action === 'stop' ? 'Stop this machine?' : 'Terminate this machine?'}
          confirmLabel={confirming.action === 'stop' ? 'Stop' : 'Terminate'}
          busy={busy === confirming.rental.id}
          onConfirm={() => void act(confirming.rental, confirming.action)}
          onCancel={() => setConfirming(null)}
        >
          {confirming.action === 'stop' ? stopConsequence(confirming.rental) : TERMINATE_CONSEQUENCE}
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
