/** Buying credits: what the server offers, a checkout, and your purchases. */

import { HistoryQuery } from '../paging.ts';
import { CheckoutRequest, CheckoutResponse, PaymentsConfig, PurchasePage, PurchaseRecord } from '../payments.ts';
import { type Endpoint, ID } from './types.ts';

export const paymentEndpoints: Endpoint[] = [
  {
    method: 'get',
    path: '/payments/config',
    tag: 'Payments',
    summary: 'Whether buying credits works here, and in which currency',
    answer: PaymentsConfig,
    public: true,
    status: 200,
  },
  {
    method: 'post',
    path: '/payments/checkout',
    tag: 'Payments',
    summary: 'Start buying a credit pack',
    description: 'Answers the checkout page to send the person to. Signed-in sessions only: a key cannot buy.',
    body: CheckoutRequest,
    answer: CheckoutResponse,
    idempotent: true,
    status: 201,
    errors: { 424: 'Payments are not set up on this server, or the payment provider refused: its message' },
    example: { body: { packId: 'creator', returnUrl: 'https://nxn.example.com/billing' } },
  },
  {
    method: 'get',
    path: '/payments/purchases',
    tag: 'Payments',
    summary: 'Your purchases, newest first',
    query: HistoryQuery,
    answer: PurchasePage,
    paged: true,
    status: 200,
    example: { query: { limit: '12' } },
  },
  {
    method: 'get',
    path: '/payments/purchases/:id',
    tag: 'Payments',
    summary: 'One purchase',
    answer: PurchaseRecord,
    status: 200,
    example: { params: { id: ID } },
  },
];
