/**
 * Keeps an eye on the user's GPU rentals from anywhere in the app (the layout starts it; renting restarts it): while a
 * rental is not over, it is read every minute, and a running machine with about 15 minutes of credit left raises a
 * warning (once per rental) with a way to add credits, whichever screen the user is on.
 */
import { toast } from 'sonner';
import { LOW_CREDIT_MINUTES, type RentalList } from '~/contract/gpu';
import { api } from '~/lib/api/client';
import { startPolling } from '~/lib/polling';
import { $auth } from '~/stores/auth';
import { openTopUp } from '~/stores/top-up';

const CHECK_MS = 60_000;
const warned = new Set<string>();
let following = false;

export function warnLowCredit(list: RentalList): void {
  for (const rental of list.rentals) {
    if (
      rental.status !== 'running' ||
      rental.minutesLeft === null ||
      rental.minutesLeft > LOW_CREDIT_MINUTES ||
      warned.has(rental.id)
    )
      continue;
    warned.add(rental.id);
    toast.warning(
      `Your ${rental.gpuModel} has about ${rental.minutesLeft} minutes of credit left. It stops automatically before your credits run out.`,
      {
        action: { label: 'Add credits', onClick: () => openTopUp({}) },
        duration: 30_000,
      },
    );
  }
}

/** Starts following (no-op when already following); it ends by itself once every rental is over. */
export function followRentals(): void {
  if (following) return;
  const auth = $auth.get();
  const uid = auth.status === 'resolved' ? auth.user?.uid : undefined;
  const check = async (signal: AbortSignal) => {
    const auth = $auth.get();
    // Signed out (or another user): nothing of the previous user is followed.
    if (auth.status !== 'resolved' || !auth.user || auth.user.uid !== uid) {
      following = false;
      warned.clear();
      return false;
    }
    let open = true;
    try {
      const list = await api.get<RentalList>('/gpu/rentals', { signal });
      warnLowCredit(list);
      open = list.rentals.some((rental) => rental.status !== 'terminated' && rental.status !== 'failed');
    } catch {
      // The rentals screen reports failures; this background look tries again next minute.
    }
    if (!open) following = false;
    return open;
  };
  following = true;
  startPolling(check, { intervalMs: CHECK_MS, immediate: false });
}
