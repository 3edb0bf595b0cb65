/**
 * Stripe through its official SDK: Checkout Sessions for credit packs, and webhook events verified on the raw body.
 * STRIPE_API_BASE points the same SDK at another host speaking Stripe's API (the sandbox, a test server).
 */
import Stripe from 'stripe';
import type { StripeConfig } from '~/server/config/index.ts';
import { ProviderError } from '../http.ts';

export type StripeEvent = Stripe.Event;
export type CheckoutSession = Stripe.Checkout.Session;
export type StripeCharge = Stripe.Charge;

export interface CheckoutInput {
  purchaseId: string;
  uid: string;
  email: string | null;
  /** Shown on the checkout page: "1,650 NXN credits". */
  productName: string;
  credits: number;
  amountMinor: number;
  currency: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentGateway {
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** The session with its payment intent and latest charge expanded (for the receipt link). */
  retrieveSession(sessionId: string): Promise<CheckoutSession>;
  /** Throws when the signature does not match the raw body and the webhook secret. */
  verifyEvent(rawBody: string, signature: string | undefined): StripeEvent;
}

function clientOptions(apiBase: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...options, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe's own error message is for the operator's log; the user reads a plain sentence. */
function providerError(error: unknown): ProviderError {
  const upstream = (stripeError: InstanceType<typeof Stripe.errors.StripeError>) => ({
    detail: stripeError.message,
    ...(stripeError.statusCode === undefined ? {} : { status: stripeError.statusCode }),
  });
  if (error instanceof Stripe.errors.StripeAuthenticationError) {
    return new ProviderError('auth', 'Payments are not set up correctly. Please contact support.', upstream(error));
  }
  if (error instanceof Stripe.errors.StripeRateLimitError) {
    return new ProviderError('rate_limited', 'The payment service is busy right now. Please try again in a minute.', {
      status: 429,
      detail: error.message,
    });
  }
  if (error instanceof Stripe.errors.StripeConnectionError) {
    return new ProviderError('unreachable', 'The payment service could not be reached. Please try again.', {
      detail: error.message,
    });
  }
  if (error instanceof Stripe.errors.StripeError) {
    return new ProviderError(
      'rejected',
      'The payment service could not start this checkout. Please try again later.',
      upstream(error),
    );
  }
  return new ProviderError(
    'unavailable',
    'The payment service could not start this checkout. Please try again later.',
    { detail: String(error) },
  );
}

export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const stripe = new Stripe(config.secretKey, clientOptions(config.apiBase));
  return {
    async createCheckout(input) {
      const metadata = { purchase_id: input.purchaseId, uid: input.uid, credits: String(input.credits) };
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: input.currency,
                  unit_amount: input.amountMinor,
                  product_data: { name: input.productName },
                },
              },
            ],
            client_reference_id: input.uid,
            ...(input.email ? { customer_email: input.email } : {}),
            metadata,
            // Copied onto the charge, so a refund finds its purchase even before the checkout event arrives.
            payment_intent_data: { metadata },
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
          },
          // A retried request (ours or the SDK's) never opens a second session for the same purchase.
          { idempotencyKey: `checkout:${input.purchaseId}` },
        );
        if (!session.url)
          throw new ProviderError('bad_output', 'The payment service gave no checkout page. Please try again.');
        return { sessionId: session.id, url: session.url };
      } catch (error) {
        throw error instanceof ProviderError ? error : providerError(error);
      }
    },
    async retrieveSession(sessionId) {
      try {
        return await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] });
      } catch (error) {
        throw providerError(error);
      }
    },
    verifyEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
    },
  };
}
