/**
 * The sandbox's `/v1/` API as the `stripe` SDK calls it: a secret key required, form-encoded bodies, a POST's
 * `Idempotency-Key` answered again with its first answer, and each path handed to its resource.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Json, Session } from './objects.ts';
import { noSuch, parseForm, readBody, StripeApiError, send } from './protocol.ts';
import type { CheckoutSessions } from './sessions.ts';

export interface StripeApiDeps {
  sessions: ReadonlyMap<string, Session>;
  checkoutSessions: CheckoutSessions;
  refund: (form: Json) => Json;
}

export function stripeApi({ sessions, checkoutSessions, refund }: StripeApiDeps) {
  const idempotent = new Map<string, { status: number; body: unknown }>();

  return async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? '')) {
      throw new StripeApiError(
        401,
        'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      );
    }
    const body = await readBody(req);
    const key = req.headers['idempotency-key'];
    const remembered = typeof key === 'string' ? idempotent.get(key) : undefined;
    if (remembered) return send(res, remembered.status, remembered.body, { 'idempotent-replayed': 'true' });
    const answer = (status: number, value: unknown) => {
      if (typeof key === 'string' && req.method === 'POST') idempotent.set(key, { status, body: value });
      send(res, status, value);
    };

    const sessionPath = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions')
      return answer(200, checkoutSessions.view(checkoutSessions.create(parseForm(body)), []));
    if (req.method === 'GET' && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1]!));
      if (!session) throw noSuch('checkout.session', sessionPath[1]!);
      const expand = Object.values((parseForm(url.search.slice(1))['expand'] as string[] | undefined) ?? []);
      return answer(200, checkoutSessions.view(session, expand));
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') return answer(200, refund(parseForm(body)));
    throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  };
}
