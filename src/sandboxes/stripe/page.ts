/** The sandbox's test checkout page: plainly not Stripe, plainly no money, one button per outcome. */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export interface CheckoutPageView {
  sessionId: string;
  productName: string;
  price: string;
  cancelUrl: string;
  /** Set after a declined payment. */
  notice?: string;
  /** The session is no longer open (already paid, or expired). */
  closed?: boolean;
}

const outcomes = [
  ['pay', 'Pay', 'The card is charged at once.'],
  ['decline', 'Decline', 'The card is declined; nothing is charged.'],
  ['later_succeed', 'Pay later, then succeed', 'A bank debit: accepted now, settled a moment later.'],
  ['later_fail', 'Pay later, then fail', 'A bank debit that bounces after you return.'],
] as const;

export function checkoutPage(view: CheckoutPageView): string {
  const buttons = outcomes
    .map(
      ([value, label, hint]) =>
        `<li><button type="submit" name="outcome" value="${value}">${escapeHtml(label)}</button> <span>${escapeHtml(hint)}</span></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f5f5f7; color: #1d1d1f; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  .banner { background: #fff4ce; border: 2px dashed #b58900; padding: .75rem 1rem; border-radius: 8px; font-weight: 600; }
  .notice { background: #fde2e1; border-radius: 8px; padding: .75rem 1rem; }
  ul { list-style: none; padding: 0; display: grid; gap: .75rem; }
  button { font: inherit; padding: .5rem 1rem; border-radius: 8px; border: 1px solid #888; background: #1d1d1f; color: #fff; cursor: pointer; }
  span { color: #555; font-size: .9rem; }
  a { color: #0b57d0; }
</style>
</head>
<body>
<main>
  <p class="banner" role="note">Sandbox: no real money moves</p>
  <h1>Test checkout</h1>
  <p>${escapeHtml(view.productName)}: <strong>${escapeHtml(view.price)}</strong></p>
  ${view.notice ? `<p class="notice" role="alert">${escapeHtml(view.notice)}</p>` : ''}
  ${
    view.closed
      ? '<p>This checkout is closed.</p>'
      : `<form method="post" action="/checkout/${encodeURIComponent(view.sessionId)}"><ul>${buttons}</ul></form>`
  }
  <p><a href="${escapeHtml(view.cancelUrl)}">Cancel and go back</a></p>
</main>
</body>
</html>`;
}
