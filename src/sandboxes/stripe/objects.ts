/** The Stripe objects the sandbox keeps in memory, shaped as Stripe sends them (plus a little bookkeeping). */

export type Json = Record<string, unknown>;

export interface Session extends Json {
  id: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string;
}

export interface Intent extends Json {
  id: string;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
  latest_charge: string | null;
  metadata: Record<string, string>;
}

export interface Charge extends Json {
  id: string;
  amount: number;
  amount_refunded: number;
  refunded: boolean;
}

export interface StripeObjects {
  sessions: Map<string, Session>;
  intents: Map<string, Intent>;
  charges: Map<string, Charge>;
}

/** Stripe's timestamps: seconds. */
export const now = () => Math.floor(Date.now() / 1000);
