/**
 * The signed-in user's account as the backend knows it (GET /me): profile and credit balance. Null until the
 * backend has answered; it stays null when the backend is unreachable, and the UI shows a placeholder.
 */
import { atom } from 'nanostores';
import type { MeResponse } from '~/contract/api';
import { AllHostsFailedError, api } from '~/lib/api/client';
import { notifyApiError } from '~/lib/notify';

export const $account = atom<MeResponse | null>(null);

let latest = 0;

export async function refreshAccount(): Promise<void> {
  const request = ++latest;
  try {
    const me = await api.get<MeResponse>('/me');
    // A sign-out (or a newer refresh) while this was in flight wins.
    if (request === latest) $account.set(me);
  } catch (error) {
    // Unreachable backend: say so. Anything else leaves the balance placeholder and is only logged.
    if (error instanceof AllHostsFailedError) notifyApiError(error);
    else console.error('Could not load the account', error);
  }
}

export function clearAccount(): void {
  latest += 1;
  $account.set(null);
}
