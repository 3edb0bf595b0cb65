/**
 * Buying credit packs with Stripe Checkout: opening a checkout (checkout.ts) writes the purchase row before the
 * browser leaves, and Stripe's webhooks (webhooks.ts) settle it, crediting each session exactly once.
 */
import type { CheckoutResponse } from '~/contract/payments.ts';
import type { PaymentsConfig } from '~/server/config/index.ts';
import type { Database } from '~/server/db/index.ts';
import type { Logger } from '~/server/http/logger.ts';
import type { PaymentGateway, StripeEvent } from '~/server/providers/payments/stripe.ts';
import { checkoutStarter } from './checkout.ts';
import { stripeEventHandler } from './webhooks.ts';

export interface PaymentsService {
  startCheckout(
    user: { uid: string; email: string | null },
    request: { packId: string; returnUrl: string },
  ): Promise<CheckoutResponse>;
  handleEvent(event: StripeEvent): Promise<void>;
}

export function paymentsService(deps: {
  database: Database;
  gateway: PaymentGateway;
  config: PaymentsConfig;
  /** The site's origins: a checkout may only come back to one of them. */
  siteOrigins: readonly string[];
  log: Logger;
}): PaymentsService {
  return { startCheckout: checkoutStarter(deps), handleEvent: stripeEventHandler(deps) };
}
