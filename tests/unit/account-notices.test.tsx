// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountNotices } from '~/app/layout/AccountNotices';
import type { MeResponse } from '~/contract/api';
import { $account } from '~/stores/account';

const me = (notices: MeResponse['notices']): MeResponse => ({
  profile: {
    uid: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada',
    photoURL: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    lastSeenAt: '2026-11-26T00:00:00.000Z',
  },
  credits: { balance: 100, reserved: 0 },
  storage: { used: 0, quota: 1_000_000 },
  admin: false,
  notices,
});

const shown = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <AccountNotices />
      <Routes>
        <Route path="/dashboard" element={<p>Dashboard</p>} />
        <Route path="/account/developers" element={<p>Developers screen</p>} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => {
  cleanup();
  $account.set(null);
});

describe('the notices every signed-in screen shows', () => {
  it('shows each notice with a link to where it is fixed', () => {
    const text = 'Your webhook endpoint https://hooks.example.com/nxn was turned off after failing for about a day.';
    $account.set(me([{ id: 'webhook-endpoint-off:1', text, href: '/account/developers' }]));
    shown();
    expect(screen.getByRole('region', { name: 'Needs your attention' }).textContent).toContain(text);
    fireEvent.click(screen.getByRole('link', { name: 'Fix it' }));
    expect(screen.getByText('Developers screen')).toBeTruthy();
  });

  it('draws nothing when there is nothing to act on, or before the account has loaded', () => {
    shown();
    expect(screen.queryByRole('region', { name: 'Needs your attention' })).toBeNull();
    $account.set(me([]));
    shown();
    expect(screen.queryByRole('region', { name: 'Needs your attention' })).toBeNull();
  });
});
