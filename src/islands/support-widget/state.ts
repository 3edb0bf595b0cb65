/**
 * The support widget's states, per spec section 4: closed (floating button) → options panel → human-support panel;
 * closing either panel returns to the button.
 */

export type SupportView = 'closed' | 'options' | 'human';

export type SupportEvent = 'open' | 'choose-human' | 'back' | 'close';

export function nextView(view: SupportView, event: SupportEvent): SupportView {
  switch (event) {
    case 'open':
      return view === 'closed' ? 'options' : view;
    case 'choose-human':
      return view === 'options' ? 'human' : view;
    case 'back':
      return view === 'human' ? 'options' : view;
    case 'close':
      return 'closed';
  }
}

/** The prefilled WhatsApp message; it tells the team where the request came from and invites a description. */
export function supportMessage(productName: string): string {
  return `Hi ${productName} team! I need help with ${productName}. Here is what is going on: `;
}

/** wa.me accepts digits only and takes the prefilled text in `text`. */
export function whatsAppHref(phoneDigits: string, message: string): string {
  return `https://wa.me/${phoneDigits.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`;
}

export function supportEmailHref(email: string, productName: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(`Support Request - ${productName}`)}`;
}

/** The launcher's icon size, shared by the static button and the React one so both draw the same button. */
export const LAUNCHER_ICON_SIZE = 26;
