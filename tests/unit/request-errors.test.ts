import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/lib/api/client';
import { $topUp, closeTopUp } from '~/stores/top-up';

vi.mock('~/stores/account', () => ({ refreshAccount: vi.fn(async () => undefined) }));
vi.mock('sonner', () => ({ toast: { error: vi.fn() } }));
const { handleStudioError } = await import('~/app/components/request-errors');

afterEach(closeTopUp);

describe('a refused creation request', () => {
  it('opens the top-up dialog with how many more credits the action needs', () => {
    expect(handleStudioError(new ApiError(402, { error: 'Not enough credits', needed: 45, available: 12 }))).toEqual(
      {},
    );
    expect($topUp.get()).toEqual({ shortBy: 33 });
  });

  it('opens it without a figure when the refusal gives none, and not at all for other errors', () => {
    handleStudioError(new ApiError(402, { error: 'Not enough credits' }));
    expect($topUp.get()).toEqual({});
    closeTopUp();
    handleStudioError(new ApiError(400, { error: 'Invalid input', fields: { text: 'Required' } }));
    expect($topUp.get()).toBeNull();
  });
});
