/** The low-credit warning: once per running rental at about 15 minutes left, with a way to add credits. */
import { describe, expect, it, vi } from 'vitest';
import type { Rental } from '~/contract/gpu';

const toasts = vi.hoisted(() => [] as { message: string; action: { label: string; onClick: () => void } }[]);
vi.mock('sonner', () => ({
  toast: {
    warning: (message: string, options: { action: { label: string; onClick: () => void } }) =>
      toasts.push({ message, action: options.action }),
  },
}));

const { warnLowCredit } = await import('~/app/features/gpu/store');
const { $topUp } = await import('~/stores/top-up');

const rental = (id: string, over: Partial<Rental>): Rental =>
  ({ id, status: 'running', minutesLeft: 60, gpuModel: 'RTX 4090', ...over }) as Rental;

describe('low-credit warning', () => {
  it('warns once per running rental with 15 minutes or less, and offers the top-up dialog', () => {
    warnLowCredit({
      rentals: [
        rental('a', { minutesLeft: 16 }),
        rental('b', { minutesLeft: 14 }),
        rental('c', { status: 'stopped', minutesLeft: null }),
      ],
    });
    warnLowCredit({ rentals: [rental('b', { minutesLeft: 12 })] });
    expect(toasts.map((t) => t.message)).toEqual([
      'Your RTX 4090 has about 14 minutes of credit left. It stops automatically before your credits run out.',
    ]);
    toasts[0]!.action.onClick();
    expect($topUp.get()).toEqual({});
  });
});
