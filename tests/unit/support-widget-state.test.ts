import { describe, expect, it } from 'vitest';
import {
  nextView,
  type SupportEvent,
  type SupportView,
  supportEmailHref,
  supportMessage,
  whatsAppHref,
} from '~/islands/support-widget/state';

describe('support widget state machine', () => {
  it('walks closed → options → human as the spec describes', () => {
    let view: SupportView = 'closed';
    view = nextView(view, 'open');
    expect(view).toBe('options');
    view = nextView(view, 'choose-human');
    expect(view).toBe('human');
  });

  it('returns to the floating button when either panel is closed', () => {
    expect(nextView('options', 'close')).toBe('closed');
    expect(nextView('human', 'close')).toBe('closed');
  });

  it('goes back from the human panel to the options panel', () => {
    expect(nextView('human', 'back')).toBe('options');
  });

  it('ignores events that make no sense in the current view', () => {
    const ignored: Array<[SupportView, SupportEvent]> = [
      ['closed', 'choose-human'],
      ['closed', 'back'],
      ['options', 'back'],
      ['options', 'open'],
      ['human', 'open'],
      ['human', 'choose-human'],
    ];
    for (const [view, event] of ignored) expect(nextView(view, event)).toBe(view);
  });
});

describe('support links', () => {
  it('builds the e-mail link with the encoded subject "Support Request - <product>"', () => {
    const href = supportEmailHref('help@example.com', 'NXN');
    expect(href).toBe('mailto:help@example.com?subject=Support%20Request%20-%20NXN');
    expect(new URL(href).searchParams.get('subject')).toBe('Support Request - NXN');
  });

  it('encodes product names with reserved characters', () => {
    const href = supportEmailHref('help@example.com', 'A&B Studio');
    expect(new URL(href).searchParams.get('subject')).toBe('Support Request - A&B Studio');
  });

  it('builds a wa.me link to the digits with the prefilled help message', () => {
    const message = supportMessage('NXN');
    expect(message).toContain('NXN');
    const href = whatsAppHref('+1 (415) 555-0123', message);
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://wa.me/14155550123');
    expect(url.searchParams.get('text')).toBe(message);
  });
});
