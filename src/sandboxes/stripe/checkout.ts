/**
 * `GET /checkout/:id`: the test checkout page, "Sandbox: no real money moves"; its form posts back an outcome (pay,
 * decline, pay later then succeed or fail) and a payment returns to the session's success URL.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatPrice } from '~/contract/payments.ts';
import type { Session } from './objects.ts';
import { checkoutPage } from './page.ts';
import type { Outcome } from './payments.ts';
import { readBody } from './protocol.ts';

export function checkoutPages(
  sessions: ReadonlyMap<string, Session>,
  complete: (session: Session, outcome: Outcome) => void,
) {
  function render(res: ServerResponse, session: Session, notice?: string): void {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      checkoutPage({
        sessionId: session.id,
        productName: session['product_name'] as string,
        price: formatPrice(session.amount_total, session.currency),
        cancelUrl: session.cancel_url,
        closed: session.status !== 'open',
        ...(notice ? { notice } : {}),
      }),
    );
  }

  return async function checkout(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('No such checkout session.');
      return;
    }
    if (req.method === 'GET' || session.status !== 'open') return render(res, session);
    const outcome = new URLSearchParams(await readBody(req)).get('outcome');
    if (outcome === 'decline')
      return render(res, session, 'Your card was declined. Nothing was charged; try again or go back.');
    if (outcome !== 'pay' && outcome !== 'later_succeed' && outcome !== 'later_fail')
      return render(res, session, 'Choose an outcome.');
    complete(session, outcome);
    res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
    res.end();
  };
}
