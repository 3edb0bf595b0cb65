/**
 * The credit top-up dialog is one dialog for the whole app; anything that learns the user is short of credits
 * (the balance chip, "Get more credits", a refused 402) asks for it here instead of navigating away, so the screen
 * and its form stay as the user left them.
 */
import { atom } from 'nanostores';

export interface TopUpRequest {
  /** Credits the refused action still needs beyond the balance, when the dialog opens because of a refusal. */
  shortBy?: number;
}

/** Null while the dialog is closed. */
export const $topUp = atom<TopUpRequest | null>(null);

export function openTopUp(request: TopUpRequest = {}): void {
  $topUp.set(request);
}

export function closeTopUp(): void {
  $topUp.set(null);
}
