/**
 * Payments as the browser sees them: whether credits can be bought, in which currency, and whether it is the
 * sandbox (GET /payments/config, loaded once), and the action that sends the user to checkout.
 */
import { atom } from 'nanostores';
import type { CheckoutResponse, CreditPackId, PaymentsConfig } from '~/contract/payments';
import { api } from '~/lib/api/client';
import { saveDraft } from '~/lib/form-draft';

/** Null until the API has answered. */
export const $paymentsConfig = atom<PaymentsConfig | null>(null);

let loading: Promise<void> | undefined;

export function loadPaymentsConfig(): Promise<void> {
  loading ??= api
    .get<PaymentsConfig>('/payments/config', { auth: false })
    .then((config) => $paymentsConfig.set(config))
    .catch((error: unknown) => {
      // Asked again the next time the dialog opens.
      loading = undefined;
      throw error;
    });
  return loading;
}

/**
 * Leaves for the checkout page. It comes back to this very address, so the screen is the same; what the user had
 * typed on it is kept for the way back (see form-draft.ts).
 */
export async function goToCheckout(packId: CreditPackId): Promise<void> {
  const { url } = await api.post<CheckoutResponse>('/payments/checkout', { packId, returnUrl: window.location.href });
  const screen = document.getElementById('app-main');
  if (screen) saveDraft(screen, window.location.pathname);
  window.location.assign(url);
}
