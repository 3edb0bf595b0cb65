/**
 * Opening a Stripe Checkout for a credit pack. The purchase row is written before the browser leaves, so the
 * webhooks (webhooks.ts) always find it; a checkout Stripe refuses to open leaves no row behind.
 */
import { randomUUID } from 'node:crypto';
import { brand } from '~/config/brand.ts';
import { CANCELLED_PARAM, type CheckoutResponse, findPack, packTotal, RETURN_PARAM } from '~/contract/payments.ts';
import type { PaymentsConfig } from '~/server/config/index.ts';
import type { Database } from '~/server/db/index.ts';
import { HttpError } from '~/server/http/errors.ts';
import type { PaymentGateway } from '~/server/providers/payments/stripe.ts';
import { deletePurchase, insertPurchase, updatePurchase } from './store.ts';

/** The return URL without payment parameters from an earlier checkout, plus ours. */
function returnTo(returnUrl: string, purchaseId: string, cancelled: boolean): string {
  const url = new URL(returnUrl);
  url.searchParams.delete(RETURN_PARAM);
  url.searchParams.delete(CANCELLED_PARAM);
  url.searchParams.set(RETURN_PARAM, purchaseId);
  if (cancelled) url.searchParams.set(CANCELLED_PARAM, '1');
  return url.toString();
}

export function checkoutStarter(deps: {
  database: Database;
  gateway: PaymentGateway;
  config: PaymentsConfig;
  /** The site's origins: a checkout may only come back to one of them. */
  siteOrigins: readonly string[];
}) {
  const { database, gateway, config } = deps;

  return async function startCheckout(
    user: { uid: string; email: string | null },
    request: { packId: string; returnUrl: string },
  ): Promise<CheckoutResponse> {
    const pack = findPack(request.packId);
    if (!pack) throw new HttpError(400, 'Invalid input', { packId: 'Choose one of the credit packs' });
    if (!deps.siteOrigins.includes(new URL(request.returnUrl).origin)) {
      throw new HttpError(400, 'Invalid input', { returnUrl: 'Must be a page of this site' });
    }
    const id = randomUUID();
    const credits = packTotal(pack);
    await insertPurchase(database.db, {
      id,
      uid: user.uid,
      packId: pack.id,
      credits,
      amountMinor: pack.priceMinor,
      currency: config.currency,
    });
    try {
      const session = await gateway.createCheckout({
        purchaseId: id,
        uid: user.uid,
        email: user.email,
        productName: `${credits.toLocaleString('en-US')} ${brand.productName} credits`,
        credits,
        amountMinor: pack.priceMinor,
        currency: config.currency,
        successUrl: returnTo(request.returnUrl, id, false),
        cancelUrl: returnTo(request.returnUrl, id, true),
      });
      await updatePurchase(database.db, id, { sessionId: session.sessionId });
      return { purchaseId: id, url: session.url };
    } catch (error) {
      // Nothing was bought and nothing can arrive for it: the list shows only checkouts that were opened.
      await deletePurchase(database.db, id);
      throw error;
    }
  };
}
