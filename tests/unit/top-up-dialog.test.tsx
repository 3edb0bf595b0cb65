// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PurchaseRecord } from '~/contract/payments';

const answers = new Map<string, unknown[]>();
vi.mock('~/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: {
    get: vi.fn(async (path: string) => {
      const queue = answers.get(path);
      if (!queue?.length) throw new Error(`unexpected GET ${path}`);
      return queue.length > 1 ? queue.shift() : queue[0];
    }),
  },
}));
const { TopUp } = await import('~/app/features/billing/TopUpDialog');
const { $account } = await import('~/stores/account');
const { closeTopUp, openTopUp } = await import('~/stores/top-up');

const purchase = (status: PurchaseRecord['status']): PurchaseRecord => ({
  id: 'p1',
  packId: 'starter',
  credits: 500,
  amountMinor: 500,
  currency: 'usd',
  status,
  receiptUrl: status === 'paid' ? 'https://pay.example/receipt' : null,
  createdAt: '2026-11-23T04:00:00.000Z',
  updatedAt: '2026-11-23T04:00:00.000Z',
});
const me = (balance: number) => ({ profile: {}, credits: { balance, reserved: 0 }, storage: { used: 0, quota: 1 } });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function mount(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route
          path="/voice"
          element={
            <>
              <main id="app-main" />
              <Where />
              <TopUp />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  answers.clear();
  closeTopUp();
  $account.set(null);
});

describe('the top-up dialog', () => {
  it('says how many more credits a refused action needs and marks the pack that covers it', async () => {
    answers.set('/payments/config', [{ enabled: true, currency: 'usd', sandbox: true }]);
    mount('/voice');
    act(() => openTopUp({ shortBy: 33 }));
    const dialog = screen.getByRole('dialog', { name: 'Top up credits' });
    expect(within(dialog).getByText('This needs 33 more credits than you have.')).toBeTruthy();
    expect(await within(dialog).findByText('Sandbox payments')).toBeTruthy();
    const [starter] = within(dialog).getAllByTestId('credit-pack');
    expect(within(starter!).getByText('Covers what you need')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Buy Starter for $5.00' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows "Payment processing…" after checkout until the payment is credited, then the new balance', async () => {
    answers.set('/payments/config', [{ enabled: true, currency: 'usd', sandbox: false }]);
    answers.set('/payments/purchases/p1', [purchase('pending'), purchase('paid')]);
    answers.set('/me', [me(600)]);
    mount('/voice?tab=new&payment=p1');
    const dialog = screen.getByRole('dialog', { name: 'Top up credits' });
    expect(await within(dialog).findByText('Payment processing…')).toBeTruthy();
    expect(
      await within(dialog).findByText('500 credits added. Your balance is now 600 credits.', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Receipt' }).getAttribute('href')).toBe(
      'https://pay.example/receipt',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('where').textContent).toBe('/voice?tab=new');
  });

  it('says plainly when the checkout was cancelled or the payment failed', async () => {
    answers.set('/payments/config', [{ enabled: true, currency: 'usd', sandbox: false }]);
    answers.set('/payments/purchases/p1', [purchase('pending')]);
    mount('/voice?payment=p1&payment_cancelled=1');
    expect(await screen.findByText('Payment cancelled')).toBeTruthy();
    cleanup();
    answers.set('/payments/purchases/p1', [purchase('failed')]);
    answers.set('/me', [me(100)]);
    mount('/voice?payment=p1');
    expect(await screen.findByText('Payment failed')).toBeTruthy();
  });
});
