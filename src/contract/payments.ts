/**
 * Buying credits: the credit packs (the one list the dialog, /pricing and the server's checkout use), what a pack
 * buys in plain terms, prices in the configured currency, and the payments API's wire shapes.
 */
import { z } from 'zod';
import { imageCost, ttsCost, videoCost } from './pricing.ts';

export interface CreditPack {
  id: string;
  name: string;
  /** Credits paid for. */
  credits: number;
  /** Extra credits the pack adds for free. */
  bonus: number;
  /** Price in the currency's minor unit (cents for USD and EUR, yen for JPY). */
  priceMinor: number;
}

export const CREDIT_PACKS = [
  { id: 'starter', name: 'Starter', credits: 500, bonus: 0, priceMinor: 500 },
  { id: 'creator', name: 'Creator', credits: 1_500, bonus: 150, priceMinor: 1_500 },
  { id: 'studio', name: 'Studio', credits: 5_000, bonus: 1_000, priceMinor: 4_500 },
] as const satisfies readonly CreditPack[];

export type CreditPackId = (typeof CREDIT_PACKS)[number]['id'];
const PACK_IDS = CREDIT_PACKS.map((pack) => pack.id) as [CreditPackId, ...CreditPackId[]];

export const findPack = (id: string): CreditPack | undefined => CREDIT_PACKS.find((pack) => pack.id === id);

/** Credits the account receives: paid credits plus the bonus. */
export const packTotal = (pack: CreditPack): number => pack.credits + pack.bonus;

/** The smallest pack that covers `shortBy` credits, or the largest when none does. */
export function packFor(shortBy: number): CreditPack {
  return CREDIT_PACKS.find((pack) => packTotal(pack) >= shortBy) ?? CREDIT_PACKS[CREDIT_PACKS.length - 1]!;
}

export interface PackBuys {
  /** Whole minutes of finished 1080p video. */
  videoMinutes1080p: number;
  /** Characters of speech, in whole blocks of 1,000 as they are charged. */
  speechCharacters: number;
  images: number;
}

const MINUTE_MS = 60_000;
const SPEECH_BLOCK = 1_000;

/** What `credits` buy of each product alone, priced by the functions the server charges with. */
export function whatCreditsBuy(credits: number): PackBuys {
  return {
    videoMinutes1080p: Math.floor(credits / videoCost(MINUTE_MS, '1080p')),
    speechCharacters: Math.floor(credits / ttsCost('x'.repeat(SPEECH_BLOCK))) * SPEECH_BLOCK,
    images: Math.floor(credits / imageCost(1)),
  };
}

/** "$15.00", "€15.00", "¥1,500": minor units are scaled by the currency's own number of decimals. */
export function formatPrice(minor: number, currency: string, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

/** `GET /payments/config`: what the browser may know about payments (never a key). */
export const PaymentsConfig = z.object({
  /** False when no payment provider is configured; the dialog then says credits cannot be bought. */
  enabled: z.boolean(),
  /** ISO 4217, lower case as Stripe writes it. */
  currency: z.string(),
  /** Payments go to the local sandbox: no real money moves. */
  sandbox: z.boolean(),
});
export type PaymentsConfig = z.infer<typeof PaymentsConfig>;

/** `POST /payments/checkout`. `returnUrl` is where the browser comes back to: the screen the user was on. */
export const CheckoutRequest = z.object({
  packId: z.enum(PACK_IDS, { error: 'Choose one of the credit packs' }),
  returnUrl: z.url({ protocol: /^https?$/, error: 'Must be an http(s) URL' }).max(2048),
});
export type CheckoutRequest = z.input<typeof CheckoutRequest>;

export const CheckoutResponse = z.object({ purchaseId: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/**
 * pending: checkout not finished · processing: paid with a method that settles later · paid: credited · failed ·
 * expired: checkout abandoned · refunded / partially_refunded: money returned, credits taken back.
 */
export const PURCHASE_STATUSES = [
  'pending',
  'processing',
  'paid',
  'failed',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
/** A checkout that was opened and never paid (left open, declined, or expired) is no purchase: lists leave it out. */
export const UNPAID_CHECKOUT_STATUSES = ['pending', 'expired'] as const satisfies readonly PurchaseStatus[];

export const PurchaseRecord = z.object({
  id: z.string(),
  packId: z.string(),
  credits: z.number().int(),
  amountMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  receiptUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseRecord = z.infer<typeof PurchaseRecord>;

export const PurchasePage = z.object({ items: z.array(PurchaseRecord), nextCursor: z.string().nullable() });
export type PurchasePage = z.infer<typeof PurchasePage>;

/** The query parameters a checkout comes back with: which purchase, and whether the user cancelled it. */
export const RETURN_PARAM = 'payment';
export const CANCELLED_PARAM = 'payment_cancelled';
